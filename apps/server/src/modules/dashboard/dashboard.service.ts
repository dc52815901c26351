/** The dashboard (DESIGN.md §17): a department head's view of what is late and why. Staff only. */
import {
  AppError,
  canSeeDashboard,
  DASHBOARD_TOP_SUBGROUP_DAYS,
  DASHBOARD_TOP_SUBGROUPS,
  DEPARTMENTS,
  type Dashboard,
  type Department,
  type IssuedTo,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  countActiveIncidents,
  countBacklog,
  countRatingsByHolder,
  countReportsAvoidedByArticles,
  countReportsAvoided,
  countPerDay,
  medianFirstReplyByHolder,
  medianResolveByHolder,
  topSubgroups,
} from './dashboard.repository.ts';

export function assertCanSeeDashboard(viewer: Actor): void {
  if (!canSeeDashboard(viewer)) throw new AppError('forbidden', 'dashboard.staffOnly');
}

/** A figure of each department, in the order of DEPARTMENTS; a holder that is not a department (an agent) is left out. */
function byDepartment<Row extends { holder: IssuedTo }, Figure>(
  rows: Row[],
  figure: (row: Row | undefined, department: Department) => Figure,
): Figure[] {
  const found = new Map(rows.map((row) => [row.holder, row]));
  return DEPARTMENTS.map((department) => figure(found.get(department), department));
}

const rounded = (minutes: number | null | undefined) => (minutes === null || minutes === undefined ? null : Math.round(minutes));

/** Every figure of the dashboard over the last `days` days (today included) in `timezone`. */
export async function readDashboard(db: Db, days: number, timezone: string): Promise<Dashboard> {
  // The route runs this as an expensive read (lib/expensive-reads.ts): in one transaction with a
  // statement time limit, on one connection, so the figures run one after the other there (a
  // dashboard once took six connections of ten at a time); they are sent together all the same.
  const [perDay, backlog, firstReply, resolve, subgroups, activeIncidents, reportsAvoided, ratings, byArticles] =
    await Promise.all([
      countPerDay(db, days, timezone),
      countBacklog(db),
      medianFirstReplyByHolder(db, days, timezone),
      medianResolveByHolder(db, days, timezone),
      topSubgroups(db, DASHBOARD_TOP_SUBGROUP_DAYS, timezone, DASHBOARD_TOP_SUBGROUPS),
      countActiveIncidents(db),
      countReportsAvoided(db, days, timezone),
      countRatingsByHolder(db, days, timezone),
      countReportsAvoidedByArticles(db, days, timezone),
    ]);
  const resolveOf = new Map(resolve.map((row) => [row.holder, row.minutes]));
  return {
    per_day: perDay,
    backlog: byDepartment(backlog, (row, department) => ({
      department,
      open: row?.open ?? 0,
      in_progress: row?.inProgress ?? 0,
      overdue: row?.overdue ?? 0,
    })),
    times: byDepartment(firstReply, (row, department) => ({
      department,
      median_first_reply_minutes: rounded(row?.minutes),
      median_resolve_minutes: rounded(resolveOf.get(department)),
    })),
    top_subgroups: subgroups.map((row) => ({
      sub_group_id: row.subGroupId,
      sub_group_name: row.subGroupName,
      sub_group_name_bn: row.subGroupBn,
      count: row.count,
    })),
    active_incidents: activeIncidents,
    reports_avoided: reportsAvoided,
    reports_avoided_articles: byArticles,
    satisfaction: byDepartment(ratings, (row, department) => ({
      department,
      rated: row?.rated ?? 0,
      satisfied: row?.satisfied ?? 0,
      low: row?.low ?? 0,
      share: row && row.rated > 0 ? row.satisfied / row.rated : null,
    })),
  };
}
