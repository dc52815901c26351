/** The words of the incidents screens (DESIGN.md §14). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/incidents.json';

export const incidentMessages = defineCatalog('features/incidents', english);
