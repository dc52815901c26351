/** The words of the ticket fields that the signed-in form and the public form share. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/ticket-form.json';

export const ticketFormMessages = defineCatalog('components/ticket-form', english);
