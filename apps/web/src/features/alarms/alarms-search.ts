import type { AlarmView } from '@switchboard/shared';
import { pageOfSearch } from '../../lib/pagination.ts';

// Written out rather than read from the shared ALARM_VIEWS: this file is part of the router, and a
// value of the alarms' schema module would bring zod's schemas into the sign-in page's script.
const VIEWS = ['firing', 'recent', 'unrouted'] as const satisfies readonly AlarmView[];

/** The screen's tabs: the three alarm lists of GET /alarms, the deliveries' log and (admins) the rules. */
export const ALARM_TABS = [...VIEWS, 'deliveries', 'rules'] as const;
export type AlarmTab = (typeof ALARM_TABS)[number];

export interface AlarmsSearch {
  view: AlarmTab;
  page: number;
}

export const isAlarmView = (tab: AlarmTab): tab is AlarmView => (VIEWS as readonly string[]).includes(tab);

/** `/alarms?view=firing|recent|unrouted|deliveries|rules&page=N`: firing and page 1 unless the URL says otherwise. */
export function validateAlarmsSearch(search: Record<string, unknown>): AlarmsSearch {
  const view = ALARM_TABS.find((tab) => tab === search.view) ?? 'firing';
  return { view, page: pageOfSearch(search.page) ?? 1 };
}
