/**
 * Retention (DESIGN.md §29): closed tickets solved longer ago than RETENTION_CLOSED_TICKET_DAYS go
 * with every row that names them and their bucket objects, in batches, by a leased daily job that
 * runs once however many processes look; open tickets of any age, and younger closed ones, stay.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { rowsOf } from '../../../test/query-plans.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import {
  auditLog,
  comments,
  forwardEvents,
  inboxItems,
  jobs,
  outboxMessages,
  tickets,
  ticketLinks,
  ticketStatusEvents,
  ticketTags,
  uploads,
} from '../../db/schema.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { MERGE_ORIGINS, REMOVED_OBJECT, TICKET_CHILDREN, markObjectsRemoved } from './retention.repository.ts';
import { removeClosedTickets, removeMarkedObjects, RETENTION_JOB, retentionJobHandler, TICKETS_PER_BATCH } from './retention.ts';

const DAY_MS = 24 * 60 * 60_000;
const DAYS = 30;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A ticket in `status`, created and (when closed) solved `days` ago. */
async function ticketAged(ctx: TestContext, status: 'open' | 'in_progress' | 'closed', days: number, attachments: string[] = []) {
  const issuer = await buildUser(ctx.db);
  const ticket = await buildTicket(ctx.db, issuer, { ticketStatus: status, createdAt: daysAgo(days + 1) });
  await ctx.db
    .update(tickets)
    .set({ resolvedAt: status === 'closed' ? daysAgo(days) : null, attachments })
    .where(eq(tickets.ticketId, ticket.ticketId));
  return { issuer, ticketId: ticket.ticketId };
}

const exists = async (ctx: TestContext, ticketId: number) =>
  (await ctx.db.select({ id: tickets.ticketId }).from(tickets).where(eq(tickets.ticketId, ticketId))).length === 1;

/** An object in the bucket, named like an attachment. */
async function storedObject(ctx: TestContext): Promise<string> {
  const key = `attachments/test/${randomUUID()}.png`;
  await storageDriverFor(ctx.config).put(key, Buffer.from('png'), 'image/png');
  return key;
}

/** Runs the recurring job now, as its daily moment had come. */
async function runRetentionJob(ctx: TestContext): Promise<void> {
  await ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.key, RETENTION_JOB));
  await ctx.app.jobs.runOnce();
}

describeWithApp(
  'retention of closed tickets',
  (ctx) => {
    const retention = () => ({ db: ctx.db, storage: storageDriverFor(ctx.config), days: DAYS });

    it('removes a closed ticket older than the days with its rows and objects; keeps open ones of any age and younger closed ones', async () => {
      const storage = storageDriverFor(ctx.config);
      const [ticketObject, commentObject] = [await storedObject(ctx), await storedObject(ctx)];
      const old = await ticketAged(ctx, 'closed', DAYS + 1, [ticketObject]);
      const young = await ticketAged(ctx, 'closed', DAYS - 1);
      const openOld = await ticketAged(ctx, 'open', 1000);
      const workedOld = await ticketAged(ctx, 'in_progress', 1000);
      const staff = await buildUser(ctx.db, { userType: 'cc' });
      await ctx.db.insert(comments).values({
        ticketId: old.ticketId,
        commenterUserId: old.issuer.id,
        commenterName: 'Issuer',
        commenterUserType: 'customer',
        message: 'Still slow',
        attachments: [commentObject],
      });
      await ctx.db.insert(forwardEvents).values({
        ticketId: old.ticketId,
        previouslyIssuedTo: 'cc',
        newlyIssuedTo: 'rs',
        forwardCause: 'Billing',
        forwardedBy: staff.id,
        forwardedByName: 'Staff',
      });
      await ctx.db
        .insert(ticketStatusEvents)
        .values({ ticketId: old.ticketId, fromStatus: 'open', toStatus: 'closed', byName: 'Staff' });
      await ctx.db.insert(ticketTags).values({ ticketId: old.ticketId, tag: 'billing' });
      const [low, high] = [old.ticketId, openOld.ticketId].sort((a, b) => a - b) as [number, number];
      await ctx.db.insert(ticketLinks).values({ lowTicketId: low, highTicketId: high });
      await ctx.db.insert(inboxItems).values({ userId: staff.id, kind: 'sla.breached', ticketId: old.ticketId });
      await ctx.db.insert(outboxMessages).values({
        channel: 'sms',
        kind: 'resolved',
        recipient: old.issuer.productNumber,
        body: 'Solved',
        ticketId: old.ticketId,
        status: 'sent',
      });
      await ctx.db
        .insert(auditLog)
        .values({ actorUserId: staff.id, action: 'ticket.resolve', target: `ticket:${old.ticketId}`, ip: '' });

      await runRetentionJob(ctx);

      expect(await exists(ctx, old.ticketId)).toBe(false);
      for (const kept of [young, openOld, workedOld]) expect(await exists(ctx, kept.ticketId)).toBe(true);
      expect(await ctx.db.select().from(comments).where(eq(comments.ticketId, old.ticketId))).toHaveLength(0);
      expect(await ctx.db.select().from(forwardEvents).where(eq(forwardEvents.ticketId, old.ticketId))).toHaveLength(0);
      expect(await ctx.db.select().from(ticketLinks).where(eq(ticketLinks.lowTicketId, low))).toHaveLength(0);
      expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.ticketId, old.ticketId))).toHaveLength(0);
      // The bucket's objects went after the rows, and nothing of them is left to do.
      expect(await storage.exists(ticketObject)).toBe(false);
      expect(await storage.exists(commentObject)).toBe(false);
      expect(
        await ctx.db
          .select()
          .from(uploads)
          .where(inArray(uploads.key, [ticketObject, commentObject])),
      ).toHaveLength(0);
      // One audit row for the batch with the ids; the trail's rows about the ticket stay.
      const batches = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'tickets.retention'));
      expect(batches.some((row) => (row.details?.ticket_ids as number[]).includes(old.ticketId))).toBe(true);
      expect(
        await ctx.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `ticket:${old.ticketId}`)),
      ).toHaveLength(1);
      // The job comes back tomorrow.
      const [job] = await ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.key, RETENTION_JOB), sql`done_at is null`));
      expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    });

    it('keeps a closed source merged into an open ticket and a target whose source was reopened, and removes a source together with its old closed target', async () => {
      const openTarget = await ticketAged(ctx, 'open', 100);
      const keptSource = await ticketAged(ctx, 'closed', 100);
      await ctx.db.update(tickets).set({ mergedInto: openTarget.ticketId }).where(eq(tickets.ticketId, keptSource.ticketId));
      const oldTarget = await ticketAged(ctx, 'closed', 100);
      const goneSource = await ticketAged(ctx, 'closed', 200);
      await ctx.db.update(tickets).set({ mergedInto: oldTarget.ticketId }).where(eq(tickets.ticketId, goneSource.ticketId));
      await ctx.db.insert(comments).values({
        ticketId: oldTarget.ticketId,
        commenterName: 'Issuer',
        commenterUserType: 'customer',
        message: 'Moved by the merge',
        fromTicketId: goneSource.ticketId,
      });
      const waitingTarget = await ticketAged(ctx, 'closed', 100);
      const reopenedSource = await ticketAged(ctx, 'open', 100);
      await ctx.db
        .update(tickets)
        .set({ mergedInto: waitingTarget.ticketId })
        .where(eq(tickets.ticketId, reopenedSource.ticketId));
      while ((await removeClosedTickets(retention())) > 0);
      expect(await exists(ctx, waitingTarget.ticketId)).toBe(true);
      expect(await exists(ctx, reopenedSource.ticketId)).toBe(true);
      expect(await exists(ctx, keptSource.ticketId)).toBe(true);
      expect(await exists(ctx, openTarget.ticketId)).toBe(true);
      expect(await exists(ctx, oldTarget.ticketId)).toBe(false);
      expect(await exists(ctx, goneSource.ticketId)).toBe(false);
    });

    it('removes in batches, each with its own audit row', async () => {
      const issuer = await buildUser(ctx.db);
      const values = Array.from({ length: TICKETS_PER_BATCH + 5 }, () => ({
        title: 'Old',
        description: 'Old',
        problematicNumber: '8801700000000',
        issuerUserId: issuer.id,
        issuerUserType: 'customer' as const,
        ticketStatus: 'closed' as const,
        groupName: 'Internet',
        resolvedAt: daysAgo(DAYS + 10),
      }));
      const inserted = await ctx.db.insert(tickets).values(values).returning({ id: tickets.ticketId });
      expect(await removeClosedTickets(retention())).toBe(TICKETS_PER_BATCH);
      expect(await removeClosedTickets(retention())).toBe(5);
      expect(await removeClosedTickets(retention())).toBe(0);
      const left = await ctx.db
        .select()
        .from(tickets)
        .where(
          inArray(
            tickets.ticketId,
            inserted.map((row) => row.id),
          ),
        );
      expect(left).toHaveLength(0);
      const ids = new Set(inserted.map((row) => row.id));
      const batches = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'tickets.retention'));
      const sizes = batches
        .map((row) => (row.details?.ticket_ids as number[]).filter((id) => ids.has(id)).length)
        .filter((size) => size > 0);
      expect(sizes.sort((a, b) => b - a)).toEqual([TICKETS_PER_BATCH, 5]);
    });

    it('keeps the mark of an object the bucket refused and deletes it on the next run', async () => {
      const key = await storedObject(ctx);
      await ctx.db.transaction((tx) => markObjectsRemoved(tx, [key]));
      const refusing = { remove: async () => Promise.reject(new Error('bucket unavailable')) };
      expect(await removeMarkedObjects({ ...retention(), storage: refusing })).toMatchObject({ failed: 1 });
      expect(await ctx.db.select().from(uploads).where(eq(uploads.key, key))).toMatchObject([{ usedBy: REMOVED_OBJECT }]);
      expect(await storageDriverFor(ctx.config).exists(key)).toBe(true);
      expect(await removeMarkedObjects(retention())).toMatchObject({ removed: 1, failed: 0 });
      expect(await ctx.db.select().from(uploads).where(eq(uploads.key, key))).toHaveLength(0);
      expect(await storageDriverFor(ctx.config).exists(key)).toBe(false);
    });

    it('runs once when two processes look at the same moment', async () => {
      const old = await ticketAged(ctx, 'closed', DAYS + 3);
      await ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.key, RETENTION_JOB));
      const runners = [0, 1].map(() => createJobRunner({ db: ctx.db, pollMs: 60_000, log: ctx.app.log }));
      for (const runner of runners) runner.recurring(RETENTION_JOB, retentionJobHandler(retention()));
      const ran = await Promise.all(runners.map((runner) => runner.runOnce()));
      expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(await exists(ctx, old.ticketId)).toBe(false);
      const batches = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'tickets.retention'));
      expect(batches.filter((row) => (row.details?.ticket_ids as number[]).includes(old.ticketId))).toHaveLength(1);
    });

    it('tells staff the days, and refuses customers and agents', async () => {
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
      const read = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v1/retention', headers });
      expect((await read(staff.headers)).json()).toEqual({ data: { closed_ticket_days: DAYS } });
      for (const userType of ['customer', 'agent'] as const) {
        expect((await read((await signedInAs(ctx.app, ctx.db, { userType })).headers)).statusCode).toBe(403);
      }
    });

    it('knows every column that references a ticket', async () => {
      const references = await rowsOf<{ table_name: string; column_name: string }>(
        ctx.db.execute(sql`
          select c.conrelid::regclass::text as table_name, a.attname as column_name
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.confrelid = 'tickets'::regclass`),
      );
      const found = references.map((row) => `${row.table_name.replaceAll('"', '')}.${row.column_name}`).sort();
      const known = [...TICKET_CHILDREN, ...MERGE_ORIGINS]
        .map(({ table, column }) => `${getTableName(table)}.${column.name}`)
        .concat('tickets.merged_into')
        .sort();
      expect(found).toEqual(known);
    });
  },
  { env: { RETENTION_CLOSED_TICKET_DAYS: String(DAYS) } },
);

describeWithApp('retention is off by default', (ctx) => {
  it('has no job and removes nothing, however old', async () => {
    expect(ctx.config.retention.closedTicketDays).toBeNull();
    const old = await ticketAged(ctx, 'closed', 5000);
    await ctx.app.jobs.runOnce();
    expect(await ctx.db.select().from(jobs).where(eq(jobs.key, RETENTION_JOB))).toHaveLength(0);
    expect(await exists(ctx, old.ticketId)).toBe(true);
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/retention', headers: staff.headers });
    expect(reply.json()).toEqual({ data: { closed_ticket_days: null } });
  });
});
