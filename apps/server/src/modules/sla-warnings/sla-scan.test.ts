/**
 * The warnings' scan (DESIGN.md §26), with each ticket's warn and due times set where a test needs
 * them: due soon is a live event for the staff who act for the holder; a breach goes to the
 * assignee, else the holding department; an escalation to its moderators and the admins; each
 * once, a jump told only of the stage reached; solved and waiting tickets are left alone.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { jobs, tickets } from '../../db/schema.ts';
import { listen, openEventStream } from '../events/events.test-support.ts';
import { scanSlaWarnings } from './sla-scan.ts';
import { SLA_SCAN_JOB } from './sla-warnings.plugin.ts';
import { allItemsOf, deleteUser, itemsOf, stageOf, ticketAt } from './sla-warnings.test-support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SOON = { warnedAgo: 5, dueAgo: -60 };
const BREACHED = { warnedAgo: 120, dueAgo: 30 };
const ESCALATED = { warnedAgo: 600, dueAgo: 5 * 60 };

describeWithApp(
  'the warnings scan',
  (ctx) => {
    let baseUrl = '';
    const scan = () => scanSlaWarnings({ db: ctx.db, escalateHours: 4 });
    const staff = (userType: 'cc' | 'rs' | 'iptsp', role: 'user' | 'moderator' | 'admin' = 'user') =>
      signedInAs(ctx.app, ctx.db, { userType, role });

    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
    });

    it('tells due soon live to the staff who act for the holder, and to nobody else, with nothing in a bell', async () => {
      const [rs, cc, iptsp, customer] = [
        await staff('rs'),
        await staff('cc'),
        await staff('iptsp'),
        await signedInAs(ctx.app, ctx.db),
      ];
      const ticket = await ticketAt(ctx.db, 'rs', SOON);
      const streams = await Promise.all([rs, cc, iptsp, customer].map((viewer) => openEventStream(baseUrl, viewer.token)));
      try {
        await scan();
        const dueSoon = { event: 'ticket.due_soon', data: { ticket_id: ticket.ticketId } };
        const heard = (stream: (typeof streams)[number]) =>
          stream.events.some((event) => JSON.stringify(event) === JSON.stringify(dueSoon));
        for (const stream of streams.slice(0, 2)) await stream.until(heard);
        await sleep(300);
        expect(streams.slice(2).map(heard)).toEqual([false, false]);
      } finally {
        for (const stream of streams) stream.close();
      }
      expect(await stageOf(ctx.db, ticket.ticketId)).toBe(1);
      expect(await allItemsOf(ctx.db, ticket.ticketId)).toEqual([]);
    });

    it('tells a breach to the assignee alone, with its unread count live to that person only', async () => {
      const [assignee, colleague] = [await staff('iptsp'), await staff('iptsp')];
      const ticket = await ticketAt(ctx.db, 'iptsp', BREACHED, assignee.user.id);
      const streams = await Promise.all([assignee, colleague].map((viewer) => openEventStream(baseUrl, viewer.token)));
      try {
        await scan();
        await streams[0]?.until((stream) => stream.events.some((event) => event.event === 'inbox.added'));
        expect(streams[0]?.events).toContainEqual({ event: 'inbox.added', data: { unread: 1 } });
        await sleep(300);
        expect(streams[1]?.events.filter((event) => event.event === 'inbox.added')).toEqual([]);
      } finally {
        for (const stream of streams) stream.close();
      }
      expect(await stageOf(ctx.db, ticket.ticketId)).toBe(2);
      expect(await allItemsOf(ctx.db, ticket.ticketId)).toEqual([`sla.breached ${assignee.user.id}`]);
    });

    it('tells a breach without a live assignee to every live staff person of the holding department', async () => {
      const [first, second, gone, other, cc] = [
        await staff('rs'),
        await staff('rs', 'moderator'),
        await staff('rs'),
        await staff('iptsp'),
        await staff('cc'),
      ];
      await deleteUser(ctx.db, gone.user.id);
      const unassigned = await ticketAt(ctx.db, 'rs', BREACHED);
      const leftBy = await ticketAt(ctx.db, 'rs', BREACHED, gone.user.id);
      await scan();
      for (const ticket of [unassigned, leftBy]) {
        expect(await itemsOf(ctx.db, first.user.id, ticket.ticketId)).toEqual(['sla.breached']);
        expect(await itemsOf(ctx.db, second.user.id, ticket.ticketId)).toEqual(['sla.breached']);
        for (const nobody of [gone, other, cc]) expect(await itemsOf(ctx.db, nobody.user.id, ticket.ticketId)).toEqual([]);
      }
    });

    it("escalates to the department's moderators and every admin, and a jump is told only of the stage it reached", async () => {
      const [moderator, member, otherModerator, admin, assignee] = [
        await staff('rs', 'moderator'),
        await staff('rs'),
        await staff('iptsp', 'moderator'),
        await staff('iptsp', 'admin'),
        await staff('rs'),
      ];
      const ticket = await ticketAt(ctx.db, 'rs', ESCALATED, assignee.user.id);
      await scan();
      expect(await stageOf(ctx.db, ticket.ticketId)).toBe(3);
      expect(await itemsOf(ctx.db, moderator.user.id, ticket.ticketId)).toEqual(['sla.escalated']);
      expect(await itemsOf(ctx.db, admin.user.id, ticket.ticketId)).toEqual(['sla.escalated']);
      for (const nobody of [member, otherModerator, assignee])
        expect(await itemsOf(ctx.db, nobody.user.id, ticket.ticketId)).toEqual([]);
    });

    it('tells each stage once as the ticket goes through them, however often it scans', async () => {
      const [assignee, moderator] = [await staff('cc'), await staff('cc', 'moderator')];
      const ticket = await ticketAt(ctx.db, 'cc', SOON, assignee.user.id);
      const moveTo = async (clock: { warnedAgo: number; dueAgo: number }) =>
        ctx.db
          .update(tickets)
          .set({
            warnAt: sql`now() - make_interval(mins => ${clock.warnedAgo})`,
            dueAt: sql`now() - make_interval(mins => ${clock.dueAgo})`,
          })
          .where(eq(tickets.ticketId, ticket.ticketId));
      await scan();
      await scan();
      expect(await stageOf(ctx.db, ticket.ticketId)).toBe(1);
      await moveTo(BREACHED);
      await scan();
      await scan();
      expect(await stageOf(ctx.db, ticket.ticketId)).toBe(2);
      await moveTo(ESCALATED);
      await scan();
      await scan();
      expect(await stageOf(ctx.db, ticket.ticketId)).toBe(3);
      expect(await itemsOf(ctx.db, assignee.user.id, ticket.ticketId)).toEqual(['sla.breached']);
      expect(await itemsOf(ctx.db, moderator.user.id, ticket.ticketId)).toEqual(['sla.escalated']);
    });

    it('leaves solved tickets, tickets waiting for the customer and tickets not yet due soon', async () => {
      await staff('rs');
      const solved = await ticketAt(ctx.db, 'rs', BREACHED);
      const waiting = await ticketAt(ctx.db, 'rs', BREACHED);
      const early = await ticketAt(ctx.db, 'rs', { warnedAgo: -10, dueAgo: -60 });
      await ctx.db
        .update(tickets)
        .set({ ticketStatus: 'closed', resolvedAt: new Date() })
        .where(eq(tickets.ticketId, solved.ticketId));
      // The trigger clears the times of a solved ticket; a wait stops the clock.
      await ctx.db.update(tickets).set({ waitingSince: new Date() }).where(eq(tickets.ticketId, waiting.ticketId));
      await scan();
      for (const ticket of [solved, waiting, early]) {
        expect(await stageOf(ctx.db, ticket.ticketId)).toBe(0);
        expect(await allItemsOf(ctx.db, ticket.ticketId)).toEqual([]);
      }
    });

    it('runs as the recurring job sla.scan, written at ready and due again SLA_SCAN_MS later', async () => {
      // Other due jobs first (the recomputations an upgrade queues would move this ticket's times).
      await ctx.app.jobs.runOnce();
      const [assignee] = [await staff('iptsp')];
      const ticket = await ticketAt(ctx.db, 'iptsp', BREACHED, assignee.user.id);
      await ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.key, SLA_SCAN_JOB));
      expect(await ctx.app.jobs.runOnce()).toBeGreaterThanOrEqual(1);
      expect(await itemsOf(ctx.db, assignee.user.id, ticket.ticketId)).toEqual(['sla.breached']);
      const pending = (await ctx.db.select().from(jobs).where(eq(jobs.key, SLA_SCAN_JOB))).filter((job) => !job.doneAt);
      expect(pending).toHaveLength(1);
      expect(pending[0]?.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    });
  },
  { env: { SLA_SCAN_MS: '60000', SLA_ESCALATE_HOURS: '4' } },
);
