/**
 * Suggested incidents (DESIGN.md §14): bursts of reports of one subgroup that look like one fault,
 * and a department's dismissal of one ("Not an incident"), which hides it from that department only.
 */
import {
  AppError,
  canDismissIncidentSuggestion,
  departmentOf,
  INCIDENT_MAX_TICKETS_PER_REQUEST,
  type IncidentSuggestionsReply,
} from '@switchboard/shared';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { insertDismissal, listRecentDismissals, listSuggestions, liveSubgroupExists } from './incidents.repository.ts';
import { assertCanManageIncidents, type IncidentsContext } from './incidents.service.ts';

/**
 * Bursts of reports that look like one fault (the banner of staff's ticket list), but those the
 * viewer's department dismissed: a dismissal hides a burst while a report it saw is in the window
 * (`since`, the oldest report of the window, is not after it). A burst whose every report came
 * after the dismissal is a new one.
 */
export async function suggestIncidents(ctx: IncidentsContext, viewer: Actor): Promise<IncidentSuggestionsReply> {
  assertCanManageIncidents(viewer);
  const department = departmentOf(viewer.user_type);
  const [found, dismissals] = await Promise.all([
    listSuggestions(ctx.db, { ...ctx.incidents, maxTicketIds: INCIDENT_MAX_TICKETS_PER_REQUEST }),
    department ? listRecentDismissals(ctx.db, department, ctx.incidents.windowMinutes) : Promise.resolve([]),
  ]);
  const dismissedAt = new Map(dismissals.map((row) => [row.subGroupId, row.dismissedAt.getTime()]));
  const rows = found.filter((row) => {
    const at = dismissedAt.get(row.subGroupId);
    return at === undefined || row.since.getTime() > at;
  });
  return {
    data: rows.map((row) => ({
      group_id: row.groupId,
      group_name: row.groupName,
      sub_group_id: row.subGroupId,
      sub_group_name: row.subGroupName,
      sub_group_name_bn: row.subGroupBn,
      ticket_count: row.ticketCount,
      since: row.since.toISOString(),
      ticket_ids: row.ticketIds,
    })),
    window_minutes: ctx.incidents.windowMinutes,
    threshold: ctx.incidents.threshold,
  };
}

/**
 * Dismisses the suggested incident of a subgroup for the actor's department (every device, every
 * colleague of it); the other departments still see it. 404 for a subgroup that is not there. Audited.
 */
export async function dismissSuggestion(ctx: IncidentsContext, actor: Actor, subGroupId: string): Promise<void> {
  const department = departmentOf(actor.user_type);
  if (!canDismissIncidentSuggestion(actor) || department === null) throw new AppError('forbidden', 'incidents.staffOnly');
  if (!(await liveSubgroupExists(ctx.db, subGroupId))) throw new AppError('not_found', 'incidents.noSuchSubgroup');
  await ctx.db.transaction(async (tx) => {
    await insertDismissal(tx, { department, subGroupId, dismissedBy: actor.id });
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'incident.dismiss',
      target: `subgroup:${subGroupId}`,
      ip: actor.ip,
      details: { department },
    });
  });
}
