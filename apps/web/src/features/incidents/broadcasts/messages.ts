/** The words of an incident's areas and broadcasts (DESIGN.md §23): a catalog of their own, loaded with them. */
import { defineCatalog } from '../../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/incidents/broadcasts.json';

export const broadcastMessages = defineCatalog('features/incidents/broadcasts', english);
