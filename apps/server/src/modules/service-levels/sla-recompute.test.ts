/**
 * The background recomputation of due times (DESIGN.md §26): a level's calendar chosen by PUT, the
 * job it schedules, its steps in batches with their progress on GET /service-levels, and every
 * unsolved ticket of the department reached, none of another.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Department, ServiceLevelListReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { serviceLevels, tickets } from '../../db/schema.ts';
import { seededCalendarId } from '../calendars/calendars.test-support.ts';
import { findPendingJob, scheduleJob } from '../jobs/jobs.repository.ts';
import { countUnsolvedTickets } from './sla-recompute.repository.ts';
import { recomputeKey, recomputeStep, RECOMPUTE_KIND } from './sla-recompute.ts';

const HOUR = 3_600_000;

describeWithApp('recomputing due times', (ctx) => {
  const admin = async () => (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
  const put = async (department: Department, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1/service-levels/${department}`, headers: await admin(), payload });
  const levelOf = async (department: Department) => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/service-levels', headers: await admin() });
    return reply.json<ServiceLevelListReply>().data.find((level) => level.department === department);
  };
  /** Unsolved tickets of the department whose stored due time is not what the rule says now. */
  const staleTickets = async (department: Department) => {
    const [row] = await ctx.db
      .select({ stale: sql<number>`count(*)::int` })
      .from(tickets)
      .where(
        and(
          eq(tickets.issuedTo, department),
          ne(tickets.ticketStatus, 'closed'),
          sql`not exists (select 1 from ticket_clock(${tickets.issuedTo}, ${tickets.ticketStatus}, ${tickets.createdAt},
            ${tickets.firstStaffReplyAt}, ${tickets.reopenedAt}, ${tickets.waitingSince}, ${tickets.waitedSeconds}) c
            where c.due_at is not distinct from ${tickets.dueAt} and c.warn_at is not distinct from ${tickets.warnAt})`,
        ),
      );
    return row?.stale ?? -1;
  };

  it('refuses an unknown calendar with 400 naming the field, and keeps the level', async () => {
    const reply = await put('cc', { first_reply_hours: 3, resolve_hours: 48, calendar_id: 999_999 });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'validation', details: { calendar_id: expect.any(String) } });
    expect(await levelOf('cc')).toMatchObject({ first_reply_hours: 4, calendar_id: null });
  });

  it('sets a calendar, keeps it when the body names none, and goes back to Always with null', async () => {
    const bd = await seededCalendarId(ctx.db);
    expect((await put('rs', { first_reply_hours: 4, resolve_hours: 48, calendar_id: bd })).json()).toMatchObject({
      data: { calendar_id: bd, recompute: { done: 0, total: 0 } },
    });
    expect((await put('rs', { first_reply_hours: 5, resolve_hours: 48 })).json()).toMatchObject({ data: { calendar_id: bd } });
    expect((await put('rs', { first_reply_hours: 5, resolve_hours: 48, calendar_id: null })).json()).toMatchObject({
      data: { calendar_id: null },
    });
    await ctx.app.jobs.runOnce();
    expect(await levelOf('rs')).toMatchObject({ recompute: null });
  });

  it('walks the unsolved tickets in batches with its progress, reaching every one and none of another department', async () => {
    const customer = (await signedInAs(ctx.app, ctx.db, { userType: 'customer' })).user;
    const createdAt = new Date(Date.now() - 30 * HOUR);
    for (let i = 0; i < 25; i++) await buildTicket(ctx.db, customer, { issuedTo: 'oss-bss', createdAt });
    const solved = await buildTicket(ctx.db, customer, { issuedTo: 'oss-bss', ticketStatus: 'closed', createdAt });
    const elsewhere = await buildTicket(ctx.db, customer, { issuedTo: 'iptsp', createdAt });
    await ctx.app.jobs.runOnce();
    // The calendar changes under the tickets without a job: all of them are stale now.
    await ctx.db
      .update(serviceLevels)
      .set({ calendarId: await seededCalendarId(ctx.db) })
      .where(eq(serviceLevels.department, 'oss-bss'));
    await ctx.db.update(serviceLevels).set({ firstReplyHours: 2 }).where(eq(serviceLevels.department, 'iptsp'));
    const total = await countUnsolvedTickets(ctx.db, 'oss-bss');
    expect(total).toBeGreaterThanOrEqual(25);
    expect(await staleTickets('oss-bss')).toBe(total);

    const steps: unknown[] = [];
    let job = { key: recomputeKey('oss-bss'), payload: {} as Record<string, unknown> };
    for (;;) {
      const result = await recomputeStep(ctx.db, job, 10);
      if ('done' in result) break;
      steps.push(result.payload);
      job = { ...job, payload: result.payload ?? {} };
    }
    expect(steps).toEqual([
      expect.objectContaining({ done: 10, total }),
      expect.objectContaining({ done: 20, total }),
      ...(total >= 30 ? [expect.anything()] : []),
    ]);
    expect(await staleTickets('oss-bss')).toBe(0);
    const [closed] = await ctx.db.select({ dueAt: tickets.dueAt }).from(tickets).where(eq(tickets.ticketId, solved.ticketId));
    expect(closed?.dueAt).toBeNull();
    // Another department's ticket waits for its own recomputation.
    expect(await staleTickets('iptsp')).toBeGreaterThan(0);
    const [other] = await ctx.db.select({ dueAt: tickets.dueAt }).from(tickets).where(eq(tickets.ticketId, elsewhere.ticketId));
    expect(other?.dueAt?.getTime()).toBe(createdAt.getTime() + 4 * HOUR);
  });

  it('shows a running recomputation on GET /service-levels until the runner finishes it', async () => {
    await scheduleJob(ctx.db, {
      kind: RECOMPUTE_KIND,
      key: recomputeKey('iptsp'),
      payload: { cursor: 5, done: 1_200, total: 5_000 },
    });
    expect(await levelOf('iptsp')).toMatchObject({ recompute: { done: 1_200, total: 5_000 } });
    await ctx.app.jobs.runOnce();
    expect(await findPendingJob(ctx.db, recomputeKey('iptsp'))).toBeNull();
    expect(await levelOf('iptsp')).toMatchObject({ recompute: null });
  });

  it('restarts from the first ticket when the level changes again while it runs', async () => {
    await scheduleJob(ctx.db, { kind: RECOMPUTE_KIND, key: recomputeKey('cc'), payload: { cursor: 99, done: 500, total: 900 } });
    expect((await put('cc', { first_reply_hours: 6, resolve_hours: 48 })).statusCode).toBe(200);
    expect(await findPendingJob(ctx.db, recomputeKey('cc'))).toMatchObject({ payload: { cursor: 0 } });
    await ctx.app.jobs.runOnce();
    await put('cc', { first_reply_hours: 4, resolve_hours: 48 });
    await ctx.app.jobs.runOnce();
  });
});
