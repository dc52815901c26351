/** The words of staff's tags (DESIGN.md §27): the ticket view's editor, the list's filter and badges. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/ticket-tags.json';

export const ticketTagsMessages = defineCatalog('components/ticket-tags', english);
