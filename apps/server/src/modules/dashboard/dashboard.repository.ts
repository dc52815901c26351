/**
 * SQL of the dashboard (DESIGN.md §17). Every figure is a range of an index, never a pass over the
 * tickets: days of tickets_created and tickets_resolved, the unsolved tickets of
 * tickets_status_created, the active incidents of incidents_status_created. Days are calendar
 * days in the provider's time zone, as in the list's date filters.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, sql, sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { RATING_LOW_MAX, RATING_SATISFIED_MIN, REPORT_AVOIDED_WINDOW_MINUTES } from '@switchboard/shared';
import { articleHelps, incidents, statusChecks, subgroups, ticketRatings, tickets } from '../../db/schema.ts';

/** The first instant of the day `daysAgo` days before today, in `timezone`. */
function startOfDay(daysAgo: number, timezone: string): SQL {
  return sql`(((now() at time zone ${timezone})::date - ${daysAgo}::int)::timestamp at time zone ${timezone})`;
}

/** Rows of a raw statement: PGlite and node-postgres both answer `execute` with `{ rows }`. */
async function rowsOf<Row>(query: Promise<unknown>): Promise<Row[]> {
  const result = (await query) as { rows: Row[] };
  return result.rows;
}

/** Tickets raised and tickets solved on each of the last `days` days, oldest first, zeros included. */
export async function countPerDay(db: Db, days: number, timezone: string) {
  // One index range count per day and column (at most 90 × 2), each a few hundred index entries.
  const rows = await rowsOf<{ day: string; created: number | string; resolved: number | string }>(
    db.execute(sql`
      select "d"."day"::text as "day",
        (select count(*) from ${tickets} where ${tickets.createdAt} >= "d"."start" and ${tickets.createdAt} < "d"."end") as "created",
        (select count(*) from ${tickets} where ${tickets.resolvedAt} >= "d"."start" and ${tickets.resolvedAt} < "d"."end") as "resolved"
      from (
        select "day", "day"::timestamp at time zone ${timezone} as "start", ("day" + 1)::timestamp at time zone ${timezone} as "end"
        from generate_series(0, ${days - 1}::int) as "n",
          lateral (select ((now() at time zone ${timezone})::date - "n") as "day") as "one"
      ) as "d"
      order by "d"."day"`),
  );
  return rows.map((row) => ({ day: row.day, created: Number(row.created), resolved: Number(row.resolved) }));
}

/** The unsolved tickets of each holder, by status, and how many of them are past their due time. */
export async function countBacklog(db: Db) {
  return db
    .select({
      holder: tickets.issuedTo,
      open: sql<number>`(count(*) filter (where ${tickets.ticketStatus} = 'open'))::int`,
      inProgress: sql<number>`(count(*) filter (where ${tickets.ticketStatus} = 'in_progress'))::int`,
      overdue: sql<number>`(count(*) filter (where ${tickets.dueAt} < now()))::int`,
    })
    .from(tickets)
    .where(inArray(tickets.ticketStatus, ['open', 'in_progress']))
    .groupBy(tickets.issuedTo);
}

/** The median of `minutes` over the rows, as a number of minutes (null without rows). */
function medianMinutes(from: AnyPgColumn, to: AnyPgColumn) {
  return sql<number | null>`(percentile_cont(0.5) within group (order by extract(epoch from ${to} - ${from}) / 60))::float8`;
}

/** Median minutes from raising to the first staff reply, over the tickets raised in the last `days` days, by holder. */
export async function medianFirstReplyByHolder(db: Db, days: number, timezone: string) {
  return db
    .select({ holder: tickets.issuedTo, minutes: medianMinutes(tickets.createdAt, tickets.firstStaffReplyAt) })
    .from(tickets)
    .where(and(gte(tickets.createdAt, startOfDay(days - 1, timezone)), isNotNull(tickets.firstStaffReplyAt)))
    .groupBy(tickets.issuedTo);
}

/** Median minutes from raising to solving, over the tickets solved in the last `days` days, by holder. */
export async function medianResolveByHolder(db: Db, days: number, timezone: string) {
  return db
    .select({ holder: tickets.issuedTo, minutes: medianMinutes(tickets.createdAt, tickets.resolvedAt) })
    .from(tickets)
    .where(gte(tickets.resolvedAt, startOfDay(days - 1, timezone)))
    .groupBy(tickets.issuedTo);
}

/** The subgroups with the most tickets raised in the last `days` days, with their current names. */
export async function topSubgroups(db: Db, days: number, timezone: string, limit: number) {
  const counted = db
    .select({ subGroupId: tickets.subGroupId, tickets: count().as('tickets') })
    .from(tickets)
    .where(and(gte(tickets.createdAt, startOfDay(days - 1, timezone)), isNotNull(tickets.subGroupId)))
    .groupBy(tickets.subGroupId)
    .orderBy(desc(count()))
    .limit(limit)
    .as('counted');
  return db
    .select({
      subGroupId: subgroups.id,
      subGroupName: subgroups.subGroupEn,
      subGroupBn: subgroups.subGroupBn,
      count: counted.tickets,
    })
    .from(counted)
    .innerJoin(subgroups, eq(subgroups.id, counted.subGroupId))
    .orderBy(desc(counted.tickets), subgroups.subGroupEn);
}

export async function countActiveIncidents(db: Db): Promise<number> {
  const [row] = await db.select({ active: count() }).from(incidents).where(eq(incidents.status, 'active'));
  return row?.active ?? 0;
}

/**
 * Reports avoided over the last `days` days (DESIGN.md §23): status checks that showed an outage,
 * whose window has passed without a ticket for that number, once per number and incident. A range
 * of status_checks_at, and for each such check one probe of tickets_problematic_number.
 */
export async function countReportsAvoided(db: Db, days: number, timezone: string): Promise<number> {
  const window = sql`make_interval(mins => ${REPORT_AVOIDED_WINDOW_MINUTES}::int)`;
  const [row] = await db
    .select({ avoided: sql<number>`count(distinct (${statusChecks.number}, ${statusChecks.incidentId}))::int` })
    .from(statusChecks)
    .where(
      sql`${statusChecks.checkedAt} >= ${startOfDay(days - 1, timezone)}
        and ${statusChecks.checkedAt} < now() - ${window}
        and ${statusChecks.outageShown}
        and not exists (
          select 1 from ${tickets}
          where ${tickets.problematicNumber} = ${statusChecks.number}
            and ${tickets.createdAt} >= ${statusChecks.checkedAt}
            and ${tickets.createdAt} < ${statusChecks.checkedAt} + ${window})`,
    );
  return row?.avoided ?? 0;
}

/**
 * Reports avoided by help articles over the last `days` days (DESIGN.md §28): visitors who opened a
 * suggested article and left the form without submitting, as their browsers told (article_helps).
 */
export async function countReportsAvoidedByArticles(db: Db, days: number, timezone: string): Promise<number> {
  const [row] = await db
    .select({ helped: sum(articleHelps.count).mapWith(Number) })
    .from(articleHelps)
    .where(gte(articleHelps.day, sql`(now() at time zone ${timezone})::date - ${days - 1}::int`));
  return row?.helped ?? 0;
}

/** Ratings given in the last `days` days (DESIGN.md §25), by the department holding the ticket then: a range of ticket_ratings_rated. */
export async function countRatingsByHolder(db: Db, days: number, timezone: string) {
  return db
    .select({
      holder: ticketRatings.department,
      rated: sql<number>`count(*)::int`,
      satisfied: sql<number>`(count(*) filter (where ${ticketRatings.score} >= ${RATING_SATISFIED_MIN}))::int`,
      low: sql<number>`(count(*) filter (where ${ticketRatings.score} <= ${RATING_LOW_MAX}))::int`,
    })
    .from(ticketRatings)
    .where(gte(ticketRatings.ratedAt, startOfDay(days - 1, timezone)))
    .groupBy(ticketRatings.department);
}
