/**
 * The dashboard in the benchmark (DESIGN.md §10, §17): each aggregate's statement as the dashboard
 * repository sends it, and the whole endpoint, each asked by one client at a time — a department
 * head opening the screen — with a budget of 200 ms per aggregate at p95.
 */
import {
  countActiveIncidents,
  countBacklog,
  countPerDay,
  medianFirstReplyByHolder,
  medianResolveByHolder,
  topSubgroups,
} from '@switchboard/server/src/modules/dashboard/dashboard.repository.ts';
import type { Db } from '@switchboard/server/src/db/client.ts';
import { DASHBOARD_TOP_SUBGROUP_DAYS, DASHBOARD_TOP_SUBGROUPS } from '@switchboard/shared';
import { recordingDb } from './list-sql.ts';
import type { HttpScenario, SqlStatement } from './load.ts';
import type { CorpusSample } from './scenarios.ts';

/** The screen's default period. */
export const DASHBOARD_DAYS = 30;

export interface DashboardAggregate {
  name: string;
  statements: SqlStatement[];
}

async function recorded(work: (db: Db) => Promise<unknown>): Promise<SqlStatement[]> {
  const statements: SqlStatement[] = [];
  await work(recordingDb(statements));
  return statements;
}

/** The statement of every figure of `GET /dashboard?days=30`, in the order the service sends them. */
export async function dashboardAggregates(timezone: string): Promise<DashboardAggregate[]> {
  const days = DASHBOARD_DAYS;
  return [
    { name: 'dashboard: created and resolved per day', statements: await recorded((db) => countPerDay(db, days, timezone)) },
    { name: 'dashboard: backlog per department', statements: await recorded((db) => countBacklog(db)) },
    {
      name: 'dashboard: median first reply',
      statements: await recorded((db) => medianFirstReplyByHolder(db, days, timezone)),
    },
    { name: 'dashboard: median resolve', statements: await recorded((db) => medianResolveByHolder(db, days, timezone)) },
    {
      name: 'dashboard: top subgroups',
      statements: await recorded((db) => topSubgroups(db, DASHBOARD_TOP_SUBGROUP_DAYS, timezone, DASHBOARD_TOP_SUBGROUPS)),
    },
    { name: 'dashboard: active incidents', statements: await recorded((db) => countActiveIncidents(db)) },
  ];
}

export function dashboardScenario(sample: CorpusSample): HttpScenario {
  return {
    name: 'dashboard: the whole endpoint',
    method: 'GET',
    headers: { authorization: `Bearer ${sample.staff.token}` },
    next: () => ({ path: `/api/v1/dashboard?days=${DASHBOARD_DAYS}` }),
  };
}
