/** The words of the working calendars' screen (DESIGN.md §26). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/calendars.json';

export const calendarsMessages = defineCatalog('features/calendars', english);
