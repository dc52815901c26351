/** The words of the alarms screen (DESIGN.md §22): the alarm lists, the deliveries and the routing rules. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/alarms.json';

export const alarmsMessages = defineCatalog('features/alarms', english);
