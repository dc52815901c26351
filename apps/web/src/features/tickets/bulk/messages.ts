/** The words of staff's bulk actions on the ticket list: the selection, the action bar, its dialogs and summary. */
import { defineCatalog } from '../../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/tickets/bulk.json';

export const bulkMessages = defineCatalog('features/tickets/bulk', english);
