/**
 * SQL of the webhooks (DESIGN.md §21): the endpoints admins keep, and the deliveries the worker
 * claims, sends and records. Deliveries of live events are written inside the writer's statement
 * by `webhook_deliveries_enqueue` (webhooks.sql), which the events' NOTIFY calls.
 */
import { and, count, desc, eq, getTableColumns, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect & { createdByName: string | null };
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointChange = Partial<
  Pick<
    typeof webhookEndpoints.$inferInsert,
    'url' | 'description' | 'department' | 'events' | 'active' | 'failingSince' | 'disabledAt'
  >
>;

/** The SQL that the events' NOTIFY runs on a write's payloads: handed to the events module by app.ts. */
export function webhookDeliveriesOf(payloads: SQL): SQL {
  return sql`webhook_deliveries_enqueue(${payloads})`;
}

const endpointFields = {
  endpoint: webhookEndpoints,
  createdByName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${webhookEndpoints.createdBy})`,
};

function endpointOf({
  endpoint,
  createdByName,
}: {
  endpoint: typeof webhookEndpoints.$inferSelect;
  createdByName: string | null;
}) {
  return { ...endpoint, createdByName };
}

/** Serialises creations within a transaction, so that two at once cannot pass the limit together. */
export async function lockEndpointCreations(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints:create'))`);
}

export async function countEndpoints(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints);
  return row?.n ?? 0;
}

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  const rows = await db.select(endpointFields).from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(endpointOf);
}

export async function findEndpoint(db: Db, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select(endpointFields).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row && endpointOf(row);
}

export async function insertEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning({ id: webhookEndpoints.id });
  if (!inserted) throw new Error('insert into webhook_endpoints returned no row');
  return inserted.id;
}

/** Changes an endpoint; false when it does not exist. */
export async function updateEndpoint(db: Db, id: string, change: EndpointChange): Promise<boolean> {
  if (Object.keys(change).length === 0) return (await findEndpoint(db, id)) !== undefined;
  const rows = await db
    .update(webhookEndpoints)
    .set(change)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

/** Deletes an endpoint and its deliveries (cascade); false when it does not exist. */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

/** A test delivery to one endpoint, due now: it has no subject and no order to keep. */
export async function insertTestDelivery(db: Db, endpointId: string): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, event: WEBHOOK_TEST_EVENT, orderingKey: null, subject: {} })
    .returning();
  if (!row) throw new Error('insert into webhook_deliveries returned no row');
  return row;
}

export async function findDelivery(db: Db, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

/**
 * A delivered or failed delivery due again now, with a fresh schedule of retries; its id (the
 * `webhook-id`) and its body stay. A pending one is left as it is: it goes anyway.
 */
export async function redueDelivery(db: Db, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, dueAt: sql`now()`, deliveredAt: null })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    )
    .returning();
  return row ?? findDelivery(db, endpointId, id);
}

/** A page of an endpoint's deliveries, newest first, and their count. */
export async function listDeliveriesPage(db: Db, endpointId: string, offset: number, limit: number) {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.seq))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A claimed delivery with what sending it needs of its endpoint, and whether the endpoint was
 * failing when it was claimed (a success then clears it; otherwise nothing is written for it).
 */
export type ClaimedDelivery = DeliveryRow & {
  url: string;
  secret: string;
  department: EndpointRow['department'];
  endpointFailingSince: Date | null;
};

/**
 * Takes the soonest due delivery whose endpoint is not in `busy` (this process's lanes to it are
 * full): its attempt is counted and it is hidden from every worker until `leaseMs` have passed. Of
 * one endpoint's deliveries with one ordering key (a ticket, an incident) only the oldest pending
 * one may go, so that a receiver hears them in order; one in flight or waiting for a retry holds
 * back those after it. SKIP LOCKED lets workers of several processes claim side by side. One
 * statement, its endpoint's fields returned with it: every round trip counts at thousands a second.
 */
export async function claimDueDelivery(db: Db, leaseMs: number, busy: string[]): Promise<ClaimedDelivery | undefined> {
  const d = webhookDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
    .where(
      and(
        eq(d.status, 'pending'),
        lte(d.dueAt, sql`now()`),
        or(eq(webhookEndpoints.active, true), eq(d.event, WEBHOOK_TEST_EVENT)),
        busy.length > 0 ? notInArray(d.endpointId, busy) : undefined,
        or(
          isNull(d.orderingKey),
          sql`not exists (select 1 from ${webhookDeliveries} as earlier where earlier.endpoint_id = ${d.endpointId}
            and earlier.ordering_key = ${d.orderingKey} and earlier.status = 'pending' and earlier.seq < ${d.seq})`,
        ),
      ),
    )
    .orderBy(d.dueAt)
    .limit(1)
    .for('update', { of: d, skipLocked: true });
  const [row] = await db
    .update(d)
    .set({ attempts: sql`${d.attempts} + 1`, dueAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .from(webhookEndpoints)
    .where(and(inArray(d.id, due), eq(webhookEndpoints.id, d.endpointId)))
    .returning({
      ...getTableColumns(d),
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      department: webhookEndpoints.department,
      endpointFailingSince: webhookEndpoints.failingSince,
    });
  return row;
}

/** Gives a claim back untried (its endpoint's lanes in this process filled up meanwhile): due at once again. */
export async function releaseClaim(db: Db, claimed: Pick<DeliveryRow, 'id' | 'attempts'>): Promise<void> {
  const d = webhookDeliveries;
  await db
    .update(d)
    .set({ attempts: sql`${d.attempts} - 1`, dueAt: sql`now()` })
    .where(and(eq(d.id, claimed.id), eq(d.status, 'pending'), eq(d.attempts, claimed.attempts)));
}

export interface DeliveryAttempt {
  /** The body sent (stored at the first attempt, sent again unchanged on every retry); null: not rendered yet. */
  body: string | null;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** delivered, pending (retry in retryInMs) or failed (given up). */
  outcome: { status: 'delivered' } | { status: 'pending'; retryInMs: number } | { status: 'failed' };
}

/**
 * The outcome of a claimed attempt. Conditional on the claim (still pending, same attempt), so a
 * worker whose lease ran out cannot overwrite what a later claim recorded.
 */
export async function recordDeliveryAttempt(
  db: Db,
  claimed: Pick<DeliveryRow, 'id' | 'attempts'>,
  attempt: DeliveryAttempt,
): Promise<boolean> {
  const d = webhookDeliveries;
  const { outcome } = attempt;
  const rows = await db
    .update(d)
    .set({
      body: sql`coalesce(${d.body}, ${attempt.body})`,
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      lastError: attempt.error,
      lastAttemptAt: sql`now()`,
      ...(outcome.status === 'delivered'
        ? { status: 'delivered' as const, deliveredAt: sql`now()` }
        : outcome.status === 'pending'
          ? { dueAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})` }
          : { status: 'failed' as const }),
    })
    .where(and(eq(d.id, claimed.id), eq(d.status, 'pending'), eq(d.attempts, claimed.attempts)))
    .returning({ id: d.id });
  return rows.length === 1;
}

/**
 * A delivery waits for its retry: the later pending deliveries of its endpoint and ordering key
 * could not go before it anyway, so they wait as long, and claims do not scan them meanwhile (a
 * dead receiver's queue would otherwise be read by every claim of every endpoint).
 */
export async function holdFollowers(
  db: Db,
  head: Pick<DeliveryRow, 'endpointId' | 'orderingKey' | 'seq'>,
  retryInMs: number,
): Promise<void> {
  if (head.orderingKey === null) return;
  const d = webhookDeliveries;
  const retryAt = sql`now() + make_interval(secs => ${retryInMs / 1000})`;
  await db
    .update(d)
    .set({ dueAt: retryAt })
    .where(
      and(
        eq(d.endpointId, head.endpointId),
        eq(d.orderingKey, head.orderingKey),
        eq(d.status, 'pending'),
        sql`${d.seq} > ${head.seq}`,
        sql`${d.dueAt} < ${retryAt}`,
      ),
    );
}

/** A delivery went through: the endpoint is no longer failing. */
export async function clearEndpointFailing(db: Db, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
}

/**
 * A delivery failed: the endpoint is failing since now unless it already was. One failing for
 * `disableAfterMs` is turned off; true when this call turned it off.
 */
export async function markEndpointFailing(db: Db, endpointId: string, disableAfterMs: number): Promise<boolean> {
  const e = webhookEndpoints;
  const [row] = await db
    .update(e)
    .set({
      failingSince: sql`coalesce(${e.failingSince}, now())`,
      active: sql`${e.active} and not coalesce(${e.failingSince} <= now() - make_interval(secs => ${disableAfterMs / 1000}), false)`,
      disabledAt: sql`case when ${e.active} and ${e.failingSince} <= now() - make_interval(secs => ${disableAfterMs / 1000})
        then now() else ${e.disabledAt} end`,
    })
    .where(eq(e.id, endpointId))
    .returning({ disabledNow: sql<boolean>`${e.disabledAt} is not null and not ${e.active} and ${e.disabledAt} = now()` });
  return row?.disabledNow === true;
}
