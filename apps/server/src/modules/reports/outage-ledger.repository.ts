/**
 * SQL of the outage ledger (DESIGN.md §23), set-wise: the incidents active within the period are
 * clipped to it, merged per area (a subscriber lives in one area, so two overlapping incidents of
 * its area count their common minutes once), and only then joined to the area's subscribers. The
 * rows come through a cursor, a batch at a time, so an area of 100,000 subscribers never sits in
 * memory. Run inside the report's read-only transaction: a cursor lives as long as it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { areas, incidents, subscribers } from '../../db/schema.ts';

export interface LedgerPeriod {
  from: Date;
  /** Exclusive. */
  until: Date;
  /** Where an unresolved incident's time ends. */
  now: Date;
  timezone: string;
}

export interface LedgerRow {
  number: string;
  name: string;
  areaCode: string;
  areaName: string | null;
  /** The incidents' ids, "12, 15". */
  incidents: string;
  minutes: number;
  days: number;
}

const CURSOR = sql.raw('outage_ledger_rows');

/** Rows of a raw statement: PGlite and node-postgres both answer `execute` with `{ rows }`. */
async function rowsOf<Row>(query: Promise<unknown>): Promise<Row[]> {
  return ((await query) as { rows: Row[] }).rows;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Each incident's time within the period, once per area it names. */
function spansOf(period: LedgerPeriod) {
  return sql`select ${incidents.id} as id, area.code as area,
      greatest(${incidents.createdAt}, ${at(period.from)}) as s,
      least(coalesce(${incidents.resolvedAt}, ${at(period.now)}), ${at(period.until)}) as e
    from ${incidents} cross join lateral unnest(${incidents.areaCodes}) as area(code)
    where ${incidents.createdAt} < ${at(period.until)}
      and (${incidents.resolvedAt} is null or ${incidents.resolvedAt} > ${at(period.from)})`;
}

/** Per area: its incidents, the minutes of the union of their spans, the provider's days those touch. */
function areaTotalsOf(period: LedgerPeriod) {
  return sql`spans as (select * from (${spansOf(period)}) as clipped where e > s),
    marked as (
      select area, s, e,
        case when s <= max(e) over (partition by area order by s, e rows between unbounded preceding and 1 preceding)
          then 0 else 1 end as starts
      from spans),
    islands as (select area, s, e, sum(starts) over (partition by area order by s, e rows unbounded preceding) as island from marked),
    merged as (select area, min(s) as s, max(e) as e from islands group by area, island),
    area_minutes as (select area, round(sum(extract(epoch from e - s)) / 60)::int as minutes from merged group by area),
    area_days as (
      select merged.area, count(distinct day)::int as days
      from merged cross join lateral generate_series(
        (merged.s at time zone ${period.timezone})::date,
        ((merged.e - interval '1 microsecond') at time zone ${period.timezone})::date,
        interval '1 day') as day
      group by merged.area),
    area_incidents as (select area, array_to_string(array_agg(distinct id order by id), ', ') as ids from spans group by area),
    totals as (
      select area_minutes.area, area_minutes.minutes, area_days.days, area_incidents.ids
      from area_minutes join area_days using (area) join area_incidents using (area))`;
}

/** Opens the cursor of the ledger's rows, by area and number. */
export async function openLedgerCursor(tx: Db, period: LedgerPeriod): Promise<void> {
  await tx.execute(sql`declare ${CURSOR} no scroll cursor for
    with ${areaTotalsOf(period)}
    select ${subscribers.number} as "number", ${subscribers.name} as "name", ${subscribers.areaCode} as "areaCode",
      ${areas.nameEn} as "areaName", totals.ids as "incidents", totals.minutes as "minutes", totals.days as "days"
    from totals
    join ${subscribers} on ${subscribers.areaCode} = totals.area
    left join ${areas} on ${areas.code} = totals.area
    order by ${subscribers.areaCode}, ${subscribers.number}`);
}

/** The next `count` rows of the open cursor; fewer at its end. */
export async function fetchLedgerRows(tx: Db, count: number): Promise<LedgerRow[]> {
  const rows = await rowsOf<LedgerRow>(tx.execute(sql`fetch forward ${sql.raw(String(Math.trunc(count)))} from ${CURSOR}`));
  return rows.map((row) => ({ ...row, minutes: Number(row.minutes), days: Number(row.days) }));
}

export async function closeLedgerCursor(tx: Db): Promise<void> {
  await tx.execute(sql`close ${CURSOR}`);
}

/** The Summary sheet's figures: incidents and areas struck within the period, and their subscribers. */
export async function summariseLedger(tx: Db, period: LedgerPeriod) {
  const [row] = await rowsOf<{ incidents: number | string; areas: number | string; subscribers: number | string }>(
    tx.execute(sql`with ${areaTotalsOf(period)}
      select (select count(distinct id) from spans) as "incidents",
        (select count(*) from totals) as "areas",
        (select count(*) from ${subscribers} where ${subscribers.areaCode} in (select area from totals)) as "subscribers"`),
  );
  return { incidents: Number(row?.incidents ?? 0), areas: Number(row?.areas ?? 0), subscribers: Number(row?.subscribers ?? 0) };
}
