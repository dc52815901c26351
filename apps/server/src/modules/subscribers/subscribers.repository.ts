/**
 * SQL of the subscriber directory (DESIGN.md §23): upserts by number (one row, or a batch of an
 * import as arrays), the admin search over the trigram indexes, and the card beside a number.
 */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { areas, subscribers } from '../../db/schema.ts';
import type { ImportRow } from './import-rows.ts';

export type SubscriberRow = typeof subscribers.$inferSelect;

/** A subscriber with its area's names (null only if the area vanished, which the foreign key forbids). */
export interface SubscriberView extends SubscriberRow {
  areaNameEn: string | null;
  areaNameBn: string | null;
}

/** Imports run one after the other: two overlapping files would otherwise lock rows in crossing orders. */
export async function lockImports(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('subscribers:import'))`);
}

const CHANGED = sql`(subscribers.name, subscribers.area_code, subscribers.plan, subscribers.status, subscribers.language)
  is distinct from (excluded.name, excluded.area_code, excluded.plan, excluded.status, excluded.language)`;

/** The rows of a raw statement's result: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as Row[];
  throw new Error('a statement answered without rows');
}

/**
 * Inserts the rows, or updates those whose number exists and whose fields differ, in one statement
 * (each column one array parameter, however many rows): how many were new or changed. The rows'
 * numbers must differ from each other.
 */
export async function upsertSubscriberBatch(tx: Db, rows: ImportRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = (pick: (row: ImportRow) => string) => sql.param(rows.map(pick));
  const result = await tx.execute(sql`with stored as (
    insert into ${subscribers} (number, name, area_code, plan, status, language)
    select * from unnest(
      ${column((row) => row.number)}::text[], ${column((row) => row.name)}::text[], ${column((row) => row.area_code)}::text[],
      ${column((row) => row.plan)}::text[], ${column((row) => row.status)}::text[], ${column((row) => row.language)}::text[])
    on conflict (number) do update set
      name = excluded.name, area_code = excluded.area_code, plan = excluded.plan, status = excluded.status,
      language = excluded.language, updated_at = now()
    where ${CHANGED}
    returning 1)
  select count(*)::int as stored from stored`);
  const [row] = rowsOf<{ stored: number }>(result);
  return row?.stored ?? 0;
}

/**
 * Inserts or updates one subscriber; `externalId` undefined keeps the stored one. Whether anything
 * was new or changed.
 */
export async function upsertSubscriber(db: Db, row: ImportRow & { externalId: string | null | undefined }): Promise<boolean> {
  const fields = {
    name: row.name,
    areaCode: row.area_code,
    plan: row.plan,
    status: row.status,
    language: row.language,
    ...(row.externalId === undefined ? {} : { externalId: row.externalId }),
  };
  const changed =
    row.externalId === undefined ? CHANGED : sql`(${CHANGED} or subscribers.external_id is distinct from excluded.external_id)`;
  const stored = await db
    .insert(subscribers)
    .values({ number: row.number, ...fields })
    .onConflictDoUpdate({ target: subscribers.number, set: { ...fields, updatedAt: sql`now()` }, setWhere: changed })
    .returning({ number: subscribers.number });
  return stored.length > 0;
}

function selectViews(db: Db) {
  return db
    .select({ subscriber: subscribers, areaNameEn: areas.nameEn, areaNameBn: areas.nameBn })
    .from(subscribers)
    .leftJoin(areas, eq(areas.code, subscribers.areaCode));
}

function viewOf(row: { subscriber: SubscriberRow; areaNameEn: string | null; areaNameBn: string | null }): SubscriberView {
  return { ...row.subscriber, areaNameEn: row.areaNameEn, areaNameBn: row.areaNameBn };
}

export async function findSubscriberView(db: Db, number: string): Promise<SubscriberView | undefined> {
  const [row] = await selectViews(db).where(eq(subscribers.number, number));
  return row && viewOf(row);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Part of a name (any case) or of a number (a leading + ignored). */
function matching(q: string | undefined, area: string | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (area) conditions.push(eq(subscribers.areaCode, area));
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const digits = q.replace(/^\+/, '');
    const byName = sql`${subscribers.name} ilike ${pattern}`;
    conditions.push(/^\d+$/.test(digits) ? (or(byName, sql`${subscribers.number} like ${`%${digits}%`}`) ?? byName) : byName);
  }
  return and(...conditions);
}

/** A page of the subscribers matching, newest change first, and how many match in all. */
export async function searchSubscriberViews(
  db: Db,
  filter: { q?: string | undefined; area?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: SubscriberView[]; total: number }> {
  const where = matching(filter.q, filter.area);
  const [rows, [counted]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(subscribers.updatedAt), desc(subscribers.number))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(subscribers).where(where),
  ]);
  return { rows: rows.map(viewOf), total: counted?.n ?? 0 };
}

/** What an inbound SMS needs of its sender (DESIGN.md §24): language, opt-out, area and status. */
export async function findSubscriberContact(db: Db, number: string) {
  const [row] = await db
    .select({
      language: subscribers.language,
      optedOutAt: subscribers.optedOutAt,
      areaCode: subscribers.areaCode,
      status: subscribers.status,
    })
    .from(subscribers)
    .where(eq(subscribers.number, number));
  return row;
}

/**
 * Opts the number out of broadcasts (or back in): true when its row changed, false when it was
 * already so or the number is no subscriber. The condition on the row makes two STOPs at once
 * change it once.
 */
export async function setSubscriberOptedOut(db: Db, number: string, optedOut: boolean): Promise<boolean> {
  const rows = await db
    .update(subscribers)
    .set({ optedOutAt: optedOut ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(subscribers.number, number), optedOut ? sql`opted_out_at is null` : sql`opted_out_at is not null`))
    .returning({ number: subscribers.number });
  return rows.length === 1;
}
