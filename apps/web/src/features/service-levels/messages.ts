/** The words of the service levels screen (DESIGN.md §17). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/service-levels.json';

export const serviceLevelsMessages = defineCatalog('features/service-levels', english);
