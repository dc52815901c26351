/** The words of the incidents screens (DESIGN.md §14). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from './messages.en.json';

export const incidentMessages = defineCatalog('features/incidents', english);
