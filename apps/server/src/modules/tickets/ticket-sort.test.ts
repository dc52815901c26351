import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TICKET_PRIORITIES,
  TICKET_SORTS,
  type SortDirection,
  type TicketListReply,
  type TicketPriority,
  type TicketSort,
} from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { tickets } from '../../db/schema.ts';

type Headers = Record<string, string>;

interface Stored {
  ticketId: number;
  priority: TicketPriority;
  createdAt: Date;
  updatedAt: Date;
  dueAt: Date | null;
  ticketStatus: string;
}

/** The order DESIGN.md §30 promises, computed here from the stored rows: ties broken by the id, no due time last. */
function expectedOrder(rows: Stored[], sort: TicketSort, direction: SortDirection): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  const valueOf = (row: Stored): number | null => {
    if (sort === 'created') return row.createdAt.getTime();
    if (sort === 'activity') return row.updatedAt.getTime();
    if (sort === 'priority') return TICKET_PRIORITIES.indexOf(row.priority);
    return row.dueAt?.getTime() ?? null;
  };
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [valueOf(a), valueOf(b)];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) return sign * (x - y);
      return sign * (a.ticketId - b.ticketId);
    })
    .map((row) => row.ticketId);
}

describeWithApp('ordering the ticket list (DESIGN.md §30)', (ctx) => {
  let cc: { headers: Headers };
  let customer: { headers: Headers };
  let stored: Stored[] = [];
  const PRIORITY_CYCLE: TicketPriority[] = ['urgent', 'normal', 'low', 'normal', 'high', 'normal', 'urgent'];

  beforeAll(async () => {
    cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    customer = issuer;
    const ids: number[] = [];
    // 27 tickets: three pages, the third read from the far end of each order. Some solved (no due
    // time), some of one creation day or one last change, so that ties must fall to the id.
    for (let i = 0; i < 27; i++) {
      const ticket = await buildTicket(ctx.db, issuer.user, {
        createdAt: new Date(Date.UTC(2026, 5, 1 + Math.floor(i / 2), 6)),
        ticketStatus: i % 4 === 3 ? 'closed' : i % 3 === 1 ? 'in_progress' : 'open',
        issuedTo: (['cc', 'rs', 'iptsp', 'oss-bss'] as const)[i % 4],
        title: i % 5 === 0 ? `Router blinks red ${i}` : `Line is slow ${i}`,
      });
      ids.push(ticket.ticketId);
      await ctx.db
        .update(tickets)
        .set({
          priority: PRIORITY_CYCLE[i % PRIORITY_CYCLE.length],
          updatedAt: new Date(Date.UTC(2026, 6, 1 + (i % 6), 8)),
        })
        .where(sql`${tickets.ticketId} = ${ticket.ticketId}`);
    }
    stored = await ctx.db
      .select({
        ticketId: tickets.ticketId,
        priority: tickets.priority,
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
        dueAt: tickets.dueAt,
        ticketStatus: tickets.ticketStatus,
      })
      .from(tickets)
      .where(inArray(tickets.ticketId, ids));
  }, 60_000);

  const list = async (headers: Headers, page: number, query: Record<string, string>) => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/${page}?${new URLSearchParams(query).toString()}`,
      headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<TicketListReply>();
  };
  /** Every page of the list in turn, as the pager walks it. */
  const walk = async (headers: Headers, query: Record<string, string>) => {
    const first = await list(headers, 1, query);
    const ids = first.data.map((row) => row.ticket_id);
    for (let page = 2; page <= first.total_pages; page++)
      ids.push(...(await list(headers, page, query)).data.map((row) => row.ticket_id));
    return { ids, total: first.total_tickets, pages: first.total_pages };
  };

  it('the corpus has what the orders need: solved tickets without a due time, and ties', () => {
    expect(stored.some((row) => row.dueAt === null)).toBe(true);
    expect(stored.filter((row) => row.dueAt !== null).length).toBeGreaterThan(10);
    expect(new Set(stored.map((row) => row.priority)).size).toBe(4);
  });

  describe.each(TICKET_SORTS)('sort=%s', (sort) => {
    it.each(['asc', 'desc'] as const)('order=%s walks every ticket once, in order, across the pages', async (direction) => {
      const walked = await walk(cc.headers, { sort, order: direction });
      expect(walked.total).toBe(stored.length);
      expect(walked.pages).toBe(3);
      expect(walked.ids).toEqual(expectedOrder(stored, sort, direction));
    });
  });

  it('orders newest first when the query names no order, as before', async () => {
    expect((await walk(cc.headers, {})).ids).toEqual(expectedOrder(stored, 'created', 'desc'));
    expect((await walk(cc.headers, { sort: 'created' })).ids).toEqual(expectedOrder(stored, 'created', 'desc'));
  });

  it('orders a filtered list, a page past the middle included', async () => {
    const unsolved = stored.filter((row) => row.ticketStatus === 'open');
    for (const sort of TICKET_SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        const walked = await walk(cc.headers, { status: 'open', sort, order: direction });
        expect(walked.ids, `${sort} ${direction}`).toEqual(expectedOrder(unsolved, sort, direction));
      }
    }
  });

  it('filters by priority for staff, and shows each row its priority', async () => {
    for (const priority of TICKET_PRIORITIES) {
      const walked = await list(cc.headers, 1, { priority, sort: 'created', order: 'asc' });
      const expected = expectedOrder(
        stored.filter((row) => row.priority === priority),
        'created',
        'asc',
      );
      expect(walked.data.map((row) => row.ticket_id)).toEqual(expected.slice(0, 10));
      expect(walked.data.every((row) => row.priority === priority)).toBe(true);
    }
  });

  it('orders the matches of a text search too', async () => {
    const matching = stored.filter((row) => TICKET_PRIORITIES.includes(row.priority));
    const titled = await ctx.db
      .select({ ticketId: tickets.ticketId })
      .from(tickets)
      .where(sql`${tickets.title} ilike '%router blinks%'`);
    const matched = matching.filter((row) => titled.some((title) => title.ticketId === row.ticketId));
    expect(matched.length).toBeGreaterThan(2);
    for (const sort of TICKET_SORTS) {
      const reply = await list(cc.headers, 1, { q: 'router blinks', sort, order: 'asc' });
      expect(
        reply.data.map((row) => row.ticket_id),
        sort,
      ).toEqual(expectedOrder(matched, sort, 'asc'));
    }
  });

  it('lets a customer order by creation only: another order falls back to creation in their direction, without priorities', async () => {
    for (const sort of ['activity', 'priority', 'due'] as const) {
      const walked = await walk(customer.headers, { sort, order: 'asc' });
      expect(walked.ids, sort).toEqual(expectedOrder(stored, 'created', 'asc'));
    }
    const reply = await list(customer.headers, 1, { sort: 'priority', priority: 'urgent' });
    expect(reply.total_tickets).toBe(stored.length);
    expect(reply.data.some((row) => 'priority' in row)).toBe(false);
  });

  it('refuses an unknown order or direction with 400', async () => {
    for (const query of ['sort=newest', 'order=up', 'priority=critical']) {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/tickets/user-type-wise-tickets/1?${query}`,
        headers: cc.headers,
      });
      expect(reply.statusCode, query).toBe(400);
    }
  });
});
