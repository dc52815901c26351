/** The words of the status by number (DESIGN.md §23), on the public page and the internal create form. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/outage-status.json';

export const outageStatusMessages = defineCatalog('components/outage-status', english);
