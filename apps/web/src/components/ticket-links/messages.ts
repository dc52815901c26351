/** The words of the ticket view's related tickets (DESIGN.md §27). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/ticket-links.json';

export const ticketLinksMessages = defineCatalog('components/ticket-links', english);
