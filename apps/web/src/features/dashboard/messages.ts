/** The words of the dashboard (DESIGN.md §17). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/dashboard.json';

export const dashboardMessages = defineCatalog('features/dashboard', english);
