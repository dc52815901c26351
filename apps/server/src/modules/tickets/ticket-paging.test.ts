import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketListQuery, TicketListReply } from '@switchboard/shared';
import type { UserRow } from '../users/users.repository.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { endOfPrefix } from './ticket-list.service.ts';

describe('the number search prefix', () => {
  it.each([
    ['8801711', '8801712'],
    ['880179', '88018'],
    ['8809999', '881'],
    ['999', null],
  ])('ends the range of %j before %j', (prefix, end) => {
    expect(endOfPrefix(prefix)).toBe(end);
  });
});

describeWithApp('paging the ticket list', (ctx) => {
  const people: Record<string, { user: UserRow; headers: Record<string, string> }> = {};
  /** Ticket ids per issuer, newest first. */
  const newest: Record<string, number[]> = {};

  beforeAll(async () => {
    for (const [name, count] of [
      ['twentyThree', 23],
      ['ten', 10],
      ['nobody', 0],
    ] as const) {
      const person = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name });
      people[name] = person;
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const ticket = await buildTicket(ctx.db, person.user, { createdAt: new Date(Date.UTC(2026, 0, 1 + i, 6)) });
        ids.push(ticket.ticketId);
      }
      newest[name] = ids.reverse();
    }
    people.cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
  }, 60_000);

  const list = (who: string, page: number | string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/${page}${search ? `?${search}` : ''}`,
      headers: people[who]?.headers ?? {},
    });
  };
  const pageOf = async (who: string, page: number) => {
    const reply = await list(who, page);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<TicketListReply>();
    return { ...body, ids: body.data.map((row) => row.ticket_id) };
  };

  describe('10 per page, last page = ceil(total / 10)', () => {
    it('walks 23 tickets in three pages, newest first', async () => {
      const expected = newest.twentyThree ?? [];
      expect(await pageOf('twentyThree', 1)).toMatchObject({
        total_tickets: 23,
        total_pages: 3,
        previous_page: null,
        next_page: 2,
        ids: expected.slice(0, 10),
      });
      expect(await pageOf('twentyThree', 2)).toMatchObject({
        total_tickets: 23,
        total_pages: 3,
        previous_page: 1,
        next_page: 3,
        ids: expected.slice(10, 20),
      });
      expect(await pageOf('twentyThree', 3)).toMatchObject({
        total_tickets: 23,
        total_pages: 3,
        previous_page: 2,
        next_page: null,
        ids: expected.slice(20),
      });
    });

    it('answers a page past the end with no rows and the right totals', async () => {
      expect(await pageOf('twentyThree', 7)).toMatchObject({
        data: [],
        total_tickets: 23,
        total_pages: 3,
        previous_page: 3,
        next_page: null,
      });
    });

    it('has exactly one page for exactly ten tickets', async () => {
      const first = await pageOf('ten', 1);
      expect(first).toMatchObject({ total_tickets: 10, total_pages: 1, previous_page: null, next_page: null });
      expect(first.ids).toEqual(newest.ten);
      expect(await pageOf('ten', 2)).toMatchObject({ data: [], total_pages: 1, previous_page: 1, next_page: null });
    });

    it('has no pages and no neighbours when nothing matches', async () => {
      expect(await pageOf('nobody', 1)).toMatchObject({
        data: [],
        total_tickets: 0,
        total_pages: 0,
        previous_page: null,
        next_page: null,
      });
      expect(await pageOf('nobody', 2)).toMatchObject({ data: [], total_pages: 0, previous_page: null, next_page: null });
    });

    it.each(['0', '-1', 'x', '1.5'])('refuses page %j', async (page) => {
      expect((await list('cc', page)).statusCode).toBe(400);
    });
  });

  describe('query values', () => {
    it('treats empty values as no filter', async () => {
      const reply = await list('ten', 1, { status: '', group_id: '', problematic_number: '', ticket_id: '', start_date: '' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json<TicketListReply>().total_tickets).toBe(10);
    });

    const bad: [string, Record<string, string>, keyof TicketListQuery][] = [
      ['an unknown status', { status: 'solved' }, 'status'],
      ['an unknown department', { issued_to: 'sales' }, 'issued_to'],
      ['an unknown issuer type', { issuer_user_type: 'staff' }, 'issuer_user_type'],
      ['a group id that is not an id', { group_id: 'G1' }, 'group_id'],
      ['a day that does not exist', { start_date: '2026-02-30' }, 'start_date'],
      ['a date in another format', { end_date: '01/03/2026' }, 'end_date'],
      ['an end before the start', { start_date: '2026-03-02', end_date: '2026-03-01' }, 'end_date'],
      ['a number with letters', { problematic_number: '017abc' }, 'problematic_number'],
      ['a ticket id that is not a number', { ticket_id: 'abc' }, 'ticket_id'],
    ];
    it.each(bad)('refuses %s with a field message', async (_name, query, field) => {
      const reply = await list('cc', 1, query);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { [field]: expect.any(String) } });
    });
  });
});
