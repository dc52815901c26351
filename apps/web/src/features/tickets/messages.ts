/**
 * The words of the tickets screens: the list, its filters and search, the create form and its notice
 * about a number's open tickets (English: the spec's exact texts).
 */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/tickets.json';

export const ticketsMessages = defineCatalog('features/tickets', english);
