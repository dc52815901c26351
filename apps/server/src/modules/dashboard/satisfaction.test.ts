/**
 * The dashboard's satisfaction (DESIGN.md §25): the ratings given in the period, by the department
 * that held the ticket then; the share of 4 and 5, and the low ones.
 */
import { beforeAll, expect, it } from 'vitest';
import type { DashboardReply, SatisfactionRow } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { ticketRatings } from '../../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;

describeWithApp("the dashboard's satisfaction", (ctx) => {
  let headers: Record<string, string> = {};
  const satisfaction = async (days: number): Promise<SatisfactionRow[]> => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/dashboard?days=${days}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<DashboardReply>().data.satisfaction;
  };
  const rowOf = (rows: SatisfactionRow[], department: string) => rows.find((row) => row.department === department);

  beforeAll(async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    headers = staff.headers;
    const customer = await signedInAs(ctx.app, ctx.db);
    const now = Date.now();
    // cc: 5, 4, 4 and 1 this hour; rs: 2 today and 5 forty days ago (outside a 30-day period).
    const given: [department: 'cc' | 'rs', score: number, ago: number][] = [
      ['cc', 5, 0],
      ['cc', 4, 0],
      ['cc', 4, 0],
      ['cc', 1, 0],
      ['rs', 2, 0],
      ['rs', 5, 40 * DAY],
    ];
    for (const [department, score, ago] of given) {
      const ticket = await buildTicket(ctx.db, customer.user, { ticketStatus: 'closed', issuedTo: department });
      await ctx.db
        .insert(ticketRatings)
        .values({ ticketId: ticket.ticketId, score, channel: 'sms', department, ratedAt: new Date(now - ago - 60_000) });
    }
  });

  it('counts the ratings of the period per department: the share of 4 and 5, and the low ones', async () => {
    const rows = await satisfaction(30);
    expect(rowOf(rows, 'cc')).toEqual({ department: 'cc', rated: 4, satisfied: 3, low: 1, share: 0.75 });
    expect(rowOf(rows, 'rs')).toEqual({ department: 'rs', rated: 1, satisfied: 0, low: 1, share: 0 });
  });

  it('lists every department, a department without ratings with no share', async () => {
    const rows = await satisfaction(30);
    expect(rows.map((row) => row.department).sort()).toEqual(['cc', 'iptsp', 'oss-bss', 'rs']);
    expect(rowOf(rows, 'iptsp')).toEqual({ department: 'iptsp', rated: 0, satisfied: 0, low: 0, share: null });
  });

  it('counts a rating older than the period only in a longer period', async () => {
    const rows = await satisfaction(90);
    expect(rowOf(rows, 'rs')).toEqual({ department: 'rs', rated: 2, satisfied: 1, low: 1, share: 0.5 });
  });
});
