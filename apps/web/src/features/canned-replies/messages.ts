/** The words of the canned replies' management screen (DESIGN.md §19). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/canned-replies.json';

export const cannedReplyMessages = defineCatalog('features/canned-replies', english);
