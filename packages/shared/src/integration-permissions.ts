/**
 * Who may use the desk's ties to the provider's systems (DESIGN.md §21–§24): integrations, alarms,
 * subscribers and broadcasts, the channels. The desk's own rules are in permissions.ts.
 */
import type { Department, UserType } from './constants.ts';
import { canManageIncidents, canUseReports, isStaff, type Viewer } from './permissions.ts';

/**
 * API clients and webhook endpoints (DESIGN.md §21) are the admins': a token acts with a whole
 * department's rights, and an endpoint hears what that department reads.
 */
export function canManageIntegrations(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

/** The alarms screen and its lists (DESIGN.md §22): staff, who act on the incidents alarms open. */
export function canSeeAlarms(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Routing rules decide which alarms open incidents and tell the public: admins only. */
export function canManageAlarmRules(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

/**
 * The subscriber directory and its areas (DESIGN.md §23): admins import, edit and search it (a
 * client token with `subscribers:write` imports and upserts too).
 */
export function canManageSubscribers(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

/** The subscriber card beside a number (name, area, plan, status): staff only, never customers or agents. */
export function canSeeSubscriberCard(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Every area, to choose an incident's: the staff who manage incidents. */
export function canListAreas(viewer: Pick<Viewer, 'user_type'>): boolean {
  return canManageIncidents(viewer);
}

/** Setting an incident's areas, broadcasting to them and cancelling a broadcast: incident rights. */
export function canBroadcast(viewer: Pick<Viewer, 'user_type'>): boolean {
  return canManageIncidents(viewer);
}

/** Broadcast progress events are staff's, as the incidents are. */
export function canHearBroadcastEvent(viewer: Pick<Viewer, 'user_type'>): boolean {
  return canManageIncidents(viewer);
}

/** The outage ledger's report: whoever may use reports (§6). */
export function canReportOutages(viewer: Pick<Viewer, 'user_type'>): boolean {
  return canUseReports(viewer);
}

/** The "Channels" page (DESIGN.md §24): whether SMS and e-mail come in, and their last errors — admins. */
export function canSeeChannels(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

/** A token's scope lets its client call an operation that needs `scope`. */
export function clientHasScope(client: { scopes: readonly string[] }, scope: string): boolean {
  return client.scopes.includes(scope);
}

/** The user type of a department's staff: the rights an API client acting for it has (DESIGN.md §21). */
export function staffUserTypeOf(department: Department): UserType {
  return department === 'oss-bss' ? 'oss_bss' : department;
}
