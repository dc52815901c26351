import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DashboardReply, IssuedTo, Role, TicketStatus, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { tickets } from '../../db/schema.ts';
import { insertIncident } from '../incidents/incidents.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Dhaka (the test config's TIMEZONE) is UTC+6 all year. */
const DHAKA_OFFSET = 6 * HOUR;

/** Midnight of today in Dhaka, as an instant. */
function dhakaMidnight(): number {
  const wall = new Date(Date.now() + DHAKA_OFFSET);
  return Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()) - DHAKA_OFFSET;
}

/** The Dhaka calendar day of an instant. */
const dayOf = (instant: number) => new Date(instant + DHAKA_OFFSET).toISOString().slice(0, 10);

describeWithApp('the dashboard', (ctx) => {
  const person = (userType: UserType, role: Role = 'user') => signedInAs(ctx.app, ctx.db, { userType, role });
  const dashboard = async (headers: Record<string, string>, query = '') => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/dashboard${query}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<DashboardReply>().data;
  };
  const midnight = dhakaMidnight();

  /**
   * The fixture (D = today's midnight in Dhaka). Raised: two today (one at D exactly), one a second
   * before D (yesterday), one on D-4, three on D-5, two 40 days ago. Solved: one on D-2 after 3 days
   * (rs), one yesterday after 39 days (iptsp).
   */
  beforeAll(async () => {
    const { subgroups } = await buildGroup(ctx.db, { subgroups: ['Slow speed', 'No signal', 'Billing'] });
    const [slow, noSignal, billing] = subgroups.map((subgroup) => subgroup.id);
    const at = (instant: number) => new Date(instant);
    const raised = (fields: {
      createdAt: number;
      issuedTo: IssuedTo;
      status: TicketStatus;
      subGroupId?: string | undefined;
      repliedAfter?: number;
      resolvedAt?: number;
    }) => ({
      title: 'Down',
      description: 'Down',
      problematicNumber: '8801700000000',
      issuedTo: fields.issuedTo,
      issuerUserType: 'customer' as const,
      ticketStatus: fields.status,
      groupName: 'Internet',
      subGroupId: fields.subGroupId ?? null,
      subGroupName: 'Snapshot name',
      createdAt: at(fields.createdAt),
      firstStaffReplyAt: fields.repliedAfter === undefined ? null : at(fields.createdAt + fields.repliedAfter),
      resolvedAt: fields.resolvedAt === undefined ? null : at(fields.resolvedAt),
    });
    await ctx.db.insert(tickets).values([
      raised({ createdAt: midnight, issuedTo: 'agent', status: 'open' }),
      raised({ createdAt: midnight - 1000, issuedTo: 'agent', status: 'open' }),
      raised({ createdAt: midnight - 5 * DAY + 10 * HOUR, issuedTo: 'cc', status: 'open', subGroupId: slow }),
      raised({
        createdAt: midnight - 5 * DAY + 10 * HOUR,
        issuedTo: 'cc',
        status: 'in_progress',
        subGroupId: slow,
        repliedAfter: 30 * MINUTE,
      }),
      raised({
        createdAt: midnight - 4 * DAY + 10 * HOUR,
        issuedTo: 'cc',
        status: 'in_progress',
        subGroupId: noSignal,
        repliedAfter: 90 * MINUTE,
      }),
      raised({ createdAt: Date.now() - MINUTE, issuedTo: 'rs', status: 'open', subGroupId: slow }),
      raised({
        createdAt: midnight - 5 * DAY + 10 * HOUR,
        issuedTo: 'rs',
        status: 'closed',
        subGroupId: noSignal,
        repliedAfter: HOUR,
        resolvedAt: midnight - 2 * DAY + 10 * HOUR,
      }),
      raised({
        createdAt: midnight - 40 * DAY,
        issuedTo: 'iptsp',
        status: 'closed',
        subGroupId: billing,
        resolvedAt: midnight - DAY + 10 * HOUR,
      }),
      raised({ createdAt: midnight - 40 * DAY, issuedTo: 'iptsp', status: 'open', subGroupId: billing }),
    ]);
    await insertIncident(ctx.db, { title: 'Fibre cut', status: 'active' });
    await insertIncident(ctx.db, { title: 'Old outage', status: 'resolved' });
  });

  describe('who may', () => {
    it('needs a signed-in user', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
    });

    it.each(['customer', 'agent'] as const)('refuses a %s, even as an admin', async (userType) => {
      const caller = await person(userType, 'admin');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: caller.headers })).statusCode).toBe(403);
    });

    it.each(['0', '91', '1.5', 'week', '-3'])('refuses days=%s with 400', async (days) => {
      const caller = await person('cc');
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/dashboard?days=${days}`, headers: caller.headers });
      expect(reply.statusCode, reply.body).toBe(400);
    });
  });

  describe('the figures', () => {
    let figures: Dashboard;
    beforeAll(async () => {
      figures = await dashboard((await person('oss_bss')).headers, '?days=30');
    });

    it('counts tickets raised and solved on each of the 30 days, in Dhaka days, oldest first', () => {
      expect(figures.per_day).toHaveLength(30);
      expect(figures.per_day[0]?.day).toBe(dayOf(midnight - 29 * DAY));
      const nonZero = figures.per_day.filter((day) => day.created > 0 || day.resolved > 0);
      expect(nonZero).toEqual([
        { day: dayOf(midnight - 5 * DAY), created: 3, resolved: 0 },
        { day: dayOf(midnight - 4 * DAY), created: 1, resolved: 0 },
        { day: dayOf(midnight - 2 * DAY), created: 0, resolved: 1 },
        // A second before midnight is still yesterday.
        { day: dayOf(midnight - DAY), created: 1, resolved: 1 },
        { day: dayOf(midnight), created: 2, resolved: 0 },
      ]);
    });

    it("counts each department's unsolved tickets and the overdue ones, leaving out what agents hold", () => {
      expect(figures.backlog).toEqual([
        { department: 'cc', open: 1, in_progress: 2, overdue: 3 },
        { department: 'rs', open: 1, in_progress: 0, overdue: 0 },
        { department: 'iptsp', open: 1, in_progress: 0, overdue: 1 },
        { department: 'oss-bss', open: 0, in_progress: 0, overdue: 0 },
      ]);
    });

    it('gives the median minutes to the first reply and to resolve of each department', () => {
      expect(figures.times).toEqual([
        { department: 'cc', median_first_reply_minutes: 60, median_resolve_minutes: null },
        { department: 'rs', median_first_reply_minutes: 60, median_resolve_minutes: 3 * 24 * 60 },
        { department: 'iptsp', median_first_reply_minutes: null, median_resolve_minutes: 39 * 24 * 60 + 10 * 60 },
        { department: 'oss-bss', median_first_reply_minutes: null, median_resolve_minutes: null },
      ]);
    });

    it("names this week's busiest subgroups by their current names, and counts the active incidents", () => {
      expect(
        figures.top_subgroups.map(({ sub_group_name, sub_group_name_bn, count }) => [sub_group_name, sub_group_name_bn, count]),
      ).toEqual([
        ['Slow speed', 'Slow speed (bn)', 3],
        ['No signal', 'No signal (bn)', 2],
      ]);
      expect(figures.active_incidents).toBe(1);
    });

    it('narrows the days and the times to today with days=1, and defaults to 30 days', async () => {
      const staff = (await person('cc')).headers;
      const today = await dashboard(staff, '?days=1');
      expect(today.per_day).toEqual([{ day: dayOf(midnight), created: 2, resolved: 0 }]);
      expect(today.times.every((row) => row.median_first_reply_minutes === null && row.median_resolve_minutes === null)).toBe(
        true,
      );
      expect((await dashboard(staff)).per_day).toHaveLength(30);
    });
  });

  describe('every figure opens exactly the tickets it counts', () => {
    let figures: Dashboard;
    let staff: Record<string, string>;
    const listed = async (query: Record<string, string>) => {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/tickets/user-type-wise-tickets/1?${new URLSearchParams(query).toString()}`,
        headers: staff,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ total_tickets: number }>().total_tickets;
    };
    beforeAll(async () => {
      staff = (await person('rs')).headers;
      figures = await dashboard(staff, '?days=30');
    });

    it('lists the tickets solved on each day, and in the whole period, by the day they were solved', async () => {
      for (const day of figures.per_day) {
        expect(await listed({ resolved_from: day.day, resolved_to: day.day }), day.day).toBe(day.resolved);
        expect(await listed({ start_date: day.day, end_date: day.day }), day.day).toBe(day.created);
      }
      const first = figures.per_day[0]?.day ?? '';
      const last = figures.per_day.at(-1)?.day ?? '';
      const solved = figures.per_day.reduce((sum, day) => sum + day.resolved, 0);
      expect(solved).toBe(2);
      expect(await listed({ resolved_from: first, resolved_to: last })).toBe(solved);
      // Solved in the period is not every closed ticket.
      expect(await listed({ resolved_from: dayOf(midnight - DAY), resolved_to: dayOf(midnight - DAY) })).toBe(1);
    });

    it("lists each department's unsolved, in-progress and overdue tickets", async () => {
      for (const row of figures.backlog) {
        expect(await listed({ issued_to: row.department, status: 'open' }), row.department).toBe(row.open);
        expect(await listed({ issued_to: row.department, status: 'in_progress' }), row.department).toBe(row.in_progress);
        expect(await listed({ issued_to: row.department, overdue: 'true' }), row.department).toBe(row.overdue);
      }
    });

    it("lists this week's tickets of each busiest subgroup", async () => {
      const today = dayOf(midnight);
      const weekStart = dayOf(midnight - 6 * DAY);
      for (const row of figures.top_subgroups)
        expect(await listed({ sub_group_id: row.sub_group_id, start_date: weekStart, end_date: today })).toBe(row.count);
    });

    it('narrows by the day solved with either end alone, and combined with the other filters', async () => {
      const yesterday = dayOf(midnight - DAY);
      expect(await listed({ resolved_from: yesterday, resolved_to: yesterday, issued_to: 'iptsp' })).toBe(1);
      expect(await listed({ resolved_from: yesterday, resolved_to: yesterday, issued_to: 'rs' })).toBe(0);
      expect(await listed({ resolved_from: yesterday })).toBe(1);
      expect(await listed({ resolved_to: dayOf(midnight - 2 * DAY) })).toBe(1);
    });

    it.each([
      ['a day that is not a day', { resolved_from: '2026-13-01' }],
      ['words', { resolved_to: 'yesterday' }],
      ['an end before the start', { resolved_from: '2026-03-05', resolved_to: '2026-03-04' }],
    ])('refuses %s with 400', async (_name, query) => {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/tickets/user-type-wise-tickets/1?${new URLSearchParams(query).toString()}`,
        headers: staff,
      });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation' });
    });
  });
});
