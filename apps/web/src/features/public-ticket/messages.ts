/**
 * The words of the public ticket page (English: the spec's exact texts where it gives them); `brand`
 * is the product name from the server.
 */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/public-ticket.json';

export const publicTicketMessages = defineCatalog('features/public-ticket', english);
