/**
 * A wait nobody answered (DESIGN.md §26): after WAITING_AUTO_RESOLVE_DAYS the `sla.waiting` job
 * resolves the ticket as the desk, tells the issuer as any resolve does, says why in the issuer's
 * language, and does so once however many processes look.
 */
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, comments, jobs, outboxMessages, tickets, ticketStatusEvents, users } from '../../db/schema.ts';
import { SYSTEM_ACCOUNT_ID } from '../alarms/alarm-recovery.ts';
import { resolveUnansweredWaits, WAITING_JOB } from './waiting-resolver.ts';

const DAY_MS = 24 * 60 * 60_000;

describeWithApp(
  'unanswered waits resolve themselves',
  (ctx) => {
    const rowOf = async (ticketId: number) => (await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId)))[0];
    const outboxOf = (ticketId: number) => ctx.db.select().from(outboxMessages).where(eq(outboxMessages.ticketId, ticketId));
    /** The recurring job due now (it ran at ready, or in an earlier test). */
    const runWaitingJob = async () => {
      await ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.key, WAITING_JOB));
      return ctx.app.jobs.runOnce();
    };
    const waitingTicket = async (days: number, language: 'en' | 'bn' = 'en') => {
      const customer = await buildUser(ctx.db);
      await ctx.db.update(users).set({ language }).where(eq(users.id, customer.id));
      const ticket = await buildTicket(ctx.db, customer, { ticketStatus: 'in_progress' });
      await ctx.db
        .update(tickets)
        .set({ waitingSince: new Date(Date.now() - days * DAY_MS) })
        .where(eq(tickets.ticketId, ticket.ticketId));
      return { customer, ticketId: ticket.ticketId };
    };

    it('resolves a ticket that waited longer than the days, tells the issuer once, and says why', async () => {
      const old = await waitingTicket(8);
      const recent = await waitingTicket(6);
      expect(await runWaitingJob()).toBeGreaterThan(0);
      const solved = await rowOf(old.ticketId);
      expect(solved).toMatchObject({ ticketStatus: 'closed', waitingSince: null });
      expect(solved?.resolvedAt).not.toBeNull();
      expect(await rowOf(recent.ticketId)).toMatchObject({ ticketStatus: 'in_progress' });
      expect((await rowOf(recent.ticketId))?.waitingSince).not.toBeNull();
      const told = await outboxOf(old.ticketId);
      expect(told).toMatchObject([{ channel: 'sms', kind: 'resolved', recipient: old.customer.productNumber }]);
      const [reply] = await ctx.db.select().from(comments).where(eq(comments.ticketId, old.ticketId));
      expect(reply).toMatchObject({
        message: 'Resolved: there was no answer for 7 days. If you still need help, please write to us again.',
        isInternal: false,
        commenterUserId: SYSTEM_ACCOUNT_ID,
      });
      const [resolve] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `ticket:${old.ticketId}`), eq(auditLog.action, 'ticket.resolve')));
      expect(resolve).toMatchObject({ actorUserId: SYSTEM_ACCOUNT_ID, details: { reason: 'no_answer', waited_days: 7 } });
      const history = await ctx.db.select().from(ticketStatusEvents).where(eq(ticketStatusEvents.ticketId, old.ticketId));
      expect(history).toMatchObject([{ fromStatus: 'in_progress', toStatus: 'closed', byUserId: SYSTEM_ACCOUNT_ID }]);
      // The job looks again later; the resolved ticket is not resolved or told twice.
      const job = (await ctx.db.select().from(jobs).where(eq(jobs.key, WAITING_JOB)))[0];
      expect(job?.doneAt).toBeNull();
      expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());
      await runWaitingJob();
      expect(await outboxOf(old.ticketId)).toHaveLength(1);
    });

    it("says why in the issuer's language", async () => {
      const bangla = await waitingTicket(10, 'bn');
      await runWaitingJob();
      const [reply] = await ctx.db.select().from(comments).where(eq(comments.ticketId, bangla.ticketId));
      expect(reply?.message).toBe('সমাধান করা হয়েছে: 7 দিন কোনো জবাব পাওয়া যায়নি। এখনও সাহায্য লাগলে আবার আমাদের লিখুন।');
    });

    it('resolves a ticket once when two processes look at the same moment', async () => {
      const both = await waitingTicket(9);
      const deps = { db: ctx.db, tell: ctx.app.deps.tell, days: 7 };
      const counts = await Promise.all([resolveUnansweredWaits(deps), resolveUnansweredWaits(deps)]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(await outboxOf(both.ticketId)).toHaveLength(1);
      expect(await ctx.db.select().from(comments).where(eq(comments.ticketId, both.ticketId))).toHaveLength(1);
    });
  },
  { env: { NOTIFY_ISSUERS: 'sms' } },
);
