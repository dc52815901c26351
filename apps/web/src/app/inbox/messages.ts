/** The words of staff's notification bell (DESIGN.md §26). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/app/inbox.json';

export const inboxMessages = defineCatalog('app/inbox', english);
