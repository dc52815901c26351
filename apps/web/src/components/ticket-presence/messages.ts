/** The words of the presence line on a ticket (DESIGN.md §27): "Rahim is viewing", "Karim is replying". */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/ticket-presence.json';

export const ticketPresenceMessages = defineCatalog('components/ticket-presence', english);
