import { beforeAll, describe, expect, it } from 'vitest';
import type { IssuedTo, TicketListReply, TicketStatus } from '@switchboard/shared';
import type { UserRow } from '../users/users.repository.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';

/** One ticket of the fixture, as the oracle of the expected results sees it. */
interface Fixture {
  id: number;
  issuer: string | null;
  issuerType: 'agent' | 'customer';
  group: string;
  subgroup: string;
  issuedTo: IssuedTo;
  status: TicketStatus;
  number: string;
  /** Calendar day in Asia/Dhaka (the test configuration's TIMEZONE). */
  day: string;
  createdAt: Date;
}

type Headers = Record<string, string>;

describeWithApp('the ticket list', (ctx) => {
  const fixtures: Fixture[] = [];
  const people: Record<string, { user: UserRow; headers: Headers }> = {};
  const groupIds: Record<string, string> = {};

  /** issuer, issuer type, group, subgroup, issued to, status, number, day and time in Dhaka. */
  type Row = [string | null, Fixture['issuerType'], string, string, IssuedTo, TicketStatus, string, string, string];
  const ROWS: Row[] = [
    ['customerA', 'customer', 'G1', 'S1a', 'cc', 'open', '8801711111111', '2026-03-01', '10:00:00'],
    // 23:30 in Dhaka is still 1 March there (17:30 UTC).
    ['customerA', 'customer', 'G1', 'S1b', 'rs', 'in_progress', '8801722222222', '2026-03-01', '23:30:00'],
    // 00:30 on 2 March in Dhaka is 1 March in UTC: the day must be the provider's.
    ['customerB', 'customer', 'G2', 'S2a', 'iptsp', 'closed', '8801811111111', '2026-03-02', '00:30:00'],
    ['agentA', 'agent', 'G1', 'S1a', 'oss-bss', 'open', '8801711112222', '2026-03-05', '12:00:00'],
    ['agentA', 'customer', 'G2', 'S2a', 'cc', 'closed', '8801933333333', '2026-02-28', '23:59:59'],
    [null, 'customer', 'G1', 'S1a', 'cc', 'open', '8801744444444', '2026-03-10', '09:00:00'],
    // Neighbours of a prefix ending in 9s: 0179 must find the first and not the second.
    ['customerB', 'customer', 'G1', 'S1b', 'cc', 'in_progress', '8801799999999', '2026-03-03', '08:00:00'],
    ['customerB', 'customer', 'G1', 'S1b', 'cc', 'open', '8801800000000', '2026-03-03', '09:00:00'],
    ...Array.from({ length: 23 }, (_, i): Row => {
      const status = (['open', 'in_progress', 'closed'] as const)[i % 3] ?? 'open';
      const day = `2026-01-${String(i + 1).padStart(2, '0')}`;
      return ['paging', 'customer', 'G2', 'S2a', 'cc', status, `88015000000${String(i).padStart(2, '0')}`, day, '12:00:00'];
    }),
  ];

  beforeAll(async () => {
    for (const [name, userType] of [
      ['customerA', 'customer'],
      ['customerB', 'customer'],
      ['agentA', 'agent'],
      ['paging', 'customer'],
      ['cc', 'cc'],
      ['rs', 'rs'],
    ] as const) {
      people[name] = await signedInAs(ctx.app, ctx.db, { userType, name });
    }
    const g1 = await buildGroup(ctx.db, { subgroups: ['S1a', 'S1b'] });
    const g2 = await buildGroup(ctx.db, { subgroups: ['S2a'] });
    Object.assign(groupIds, {
      G1: g1.group.id,
      S1a: g1.subgroups[0]?.id,
      S1b: g1.subgroups[1]?.id,
      G2: g2.group.id,
      S2a: g2.subgroups[0]?.id,
    });
    for (const [issuer, issuerType, group, subgroup, issuedTo, status, number, day, time] of ROWS) {
      const createdAt = new Date(`${day}T${time}+06:00`);
      const ticket = await buildTicket(ctx.db, issuer ? (people[issuer]?.user ?? null) : null, {
        issuerUserType: issuerType,
        groupId: groupIds[group],
        subGroupId: groupIds[subgroup],
        issuedTo,
        ticketStatus: status,
        problematicNumber: number,
        createdAt,
        clientEmail: issuer ? undefined : 'client@example.com',
      });
      fixtures.push({ id: ticket.ticketId, issuer, issuerType, group, subgroup, issuedTo, status, number, day, createdAt });
    }
  }, 60_000);

  const list = (who: string, page: number | string, query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/${page}${search ? `?${search}` : ''}`,
      headers: people[who]?.headers ?? {},
    });
  };
  const newestFirst = (rows: Fixture[]) => [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  /** Lists every page and checks totals against the expected fixtures, in order. */
  async function expectListed(who: string, query: Record<string, string | number>, expected: Fixture[]) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const reply = await list(who, page, query);
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json<TicketListReply>();
      expect(body.total_tickets).toBe(expected.length);
      ids.push(...body.data.map((row) => row.ticket_id));
      if (body.next_page === null) break;
    }
    expect(ids).toEqual(newestFirst(expected).map((f) => f.id));
  }
  const where = (predicate: (f: Fixture) => boolean) => fixtures.filter(predicate);

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/tickets/user-type-wise-tickets/1' })).statusCode).toBe(401);
  });

  describe('for staff, each filter alone', () => {
    const cases: [string, Record<string, string>, (f: Fixture) => boolean][] = [
      ['no filter', {}, () => true],
      ['issuer_user_type=agent', { issuer_user_type: 'agent' }, (f) => f.issuerType === 'agent'],
      ['issuer_user_type=customer', { issuer_user_type: 'customer' }, (f) => f.issuerType === 'customer'],
      ['group_id', { group_id: 'G1' }, (f) => f.group === 'G1'],
      ['sub_group_id', { sub_group_id: 'S1b' }, (f) => f.subgroup === 'S1b'],
      ['issued_to=rs', { issued_to: 'rs' }, (f) => f.issuedTo === 'rs'],
      ['issued_to=oss-bss', { issued_to: 'oss-bss' }, (f) => f.issuedTo === 'oss-bss'],
      ['issued_to=agent', { issued_to: 'agent' }, (f) => f.issuedTo === 'agent'],
      ['status=open', { status: 'open' }, (f) => f.status === 'open'],
      ['status=in_progress', { status: 'in_progress' }, (f) => f.status === 'in_progress'],
      ['status=closed', { status: 'closed' }, (f) => f.status === 'closed'],
      ['start_date (a provider day)', { start_date: '2026-03-02' }, (f) => f.day >= '2026-03-02'],
      ['end_date (a provider day, included)', { end_date: '2026-03-01' }, (f) => f.day <= '2026-03-01'],
      ['problematic_number without 88', { problematic_number: '01711111' }, (f) => f.number.startsWith('8801711111')],
      ['problematic_number with +88', { problematic_number: '+8801711' }, (f) => f.number.startsWith('8801711')],
      ['problematic_number with 88', { problematic_number: '8801711111111' }, (f) => f.number === '8801711111111'],
      ['problematic_number without the 0', { problematic_number: '1711' }, (f) => f.number.startsWith('8801711')],
      ['problematic_number ending in 9s', { problematic_number: '0179' }, (f) => f.number.startsWith('880179')],
    ];
    it.each(cases)('%s', async (_name, query, predicate) => {
      const resolved = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, groupIds[v] ?? v]));
      await expectListed('cc', resolved, where(predicate));
    });

    it('ticket_id', async () => {
      const target = fixtures[2];
      if (!target) throw new Error('no fixture');
      await expectListed('rs', { ticket_id: target.id }, [target]);
    });

    it('counts a ticket at 23:30 in Dhaka on its own day, not the UTC one', async () => {
      const reply = await list('cc', 1, { start_date: '2026-03-01', end_date: '2026-03-01' });
      expect(
        reply
          .json<TicketListReply>()
          .data.map((row) => row.problematic_number)
          .sort(),
      ).toEqual(['8801711111111', '8801722222222']);
    });
  });

  describe('for staff, filters combined', () => {
    const cases: [string, Record<string, string>, (f: Fixture) => boolean][] = [
      [
        'group + status + issued_to',
        { group_id: 'G1', status: 'open', issued_to: 'cc' },
        (f) => f.group === 'G1' && f.status === 'open' && f.issuedTo === 'cc',
      ],
      [
        'issuer type + dates',
        { issuer_user_type: 'customer', start_date: '2026-03-01', end_date: '2026-03-03' },
        (f) => f.issuerType === 'customer' && f.day >= '2026-03-01' && f.day <= '2026-03-03',
      ],
      [
        'subgroup + number',
        { sub_group_id: 'S1a', problematic_number: '017' },
        (f) => f.subgroup === 'S1a' && f.number.startsWith('88017'),
      ],
      [
        'group + subgroup + status + dates',
        { group_id: 'G2', sub_group_id: 'S2a', status: 'closed', start_date: '2026-01-05', end_date: '2026-01-20' },
        (f) => f.subgroup === 'S2a' && f.status === 'closed' && f.day >= '2026-01-05' && f.day <= '2026-01-20',
      ],
      [
        'everything at once',
        {
          issuer_user_type: 'agent',
          group_id: 'G1',
          sub_group_id: 'S1a',
          issued_to: 'oss-bss',
          status: 'open',
          problematic_number: '01711',
          start_date: '2026-03-05',
          end_date: '2026-03-05',
        },
        (f) => f.issuerType === 'agent' && f.subgroup === 'S1a' && f.issuedTo === 'oss-bss' && f.day === '2026-03-05',
      ],
      ['filters that exclude each other', { group_id: 'G1', sub_group_id: 'S2a' }, () => false],
    ];
    it.each(cases)('%s', async (_name, query, predicate) => {
      const resolved = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, groupIds[v] ?? v]));
      const expected = where(predicate);
      await expectListed('cc', resolved, expected);
    });

    it('finds exactly the open G1 tickets at cc', async () => {
      const reply = await list('cc', 1, { group_id: groupIds.G1 ?? '', status: 'open', issued_to: 'cc' });
      expect(
        reply
          .json<TicketListReply>()
          .data.map((row) => row.problematic_number)
          .sort(),
      ).toEqual(['8801711111111', '8801744444444', '8801800000000']);
    });
  });

  describe('role scoping', () => {
    it('shows a customer only their own tickets, without issuer names or the holding department', async () => {
      await expectListed(
        'customerA',
        {},
        where((f) => f.issuer === 'customerA'),
      );
      const rows = (await list('customerA', 1)).json<TicketListReply>().data;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).not.toHaveProperty('issuer_name');
        expect(row).not.toHaveProperty('issued_to');
      }
    });

    it('leaves the holding department out of an agent list too', async () => {
      const rows = (await list('agentA', 1)).json<TicketListReply>().data;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).not.toHaveProperty('issued_to');
    });

    it('lets a customer filter by status', async () => {
      await expectListed(
        'customerA',
        { status: 'in_progress' },
        where((f) => f.issuer === 'customerA' && f.status === 'in_progress'),
      );
    });

    it("ignores a customer's ticket id and number filters: they neither narrow nor widen the list", async () => {
      const own = fixtures.find((f) => f.issuer === 'customerA');
      const other = fixtures.find((f) => f.issuer === 'customerB');
      if (!own || !other) throw new Error('no fixture');
      const everyOwn = where((f) => f.issuer === 'customerA');
      await expectListed('customerA', { ticket_id: own.id }, everyOwn);
      await expectListed('customerA', { ticket_id: other.id }, everyOwn);
      await expectListed('customerA', { problematic_number: '01722' }, everyOwn);
      await expectListed('customerA', { problematic_number: other.number }, everyOwn);
    });

    it('ignores the staff filters a customer sends', async () => {
      await expectListed(
        'customerA',
        { group_id: groupIds.G2 ?? '', issued_to: 'iptsp', issuer_user_type: 'agent', start_date: '2027-01-01' },
        where((f) => f.issuer === 'customerA'),
      );
    });

    it('shows an agent only their own tickets and lets them search by number only', async () => {
      await expectListed(
        'agentA',
        {},
        where((f) => f.issuer === 'agentA'),
      );
      await expectListed(
        'agentA',
        { problematic_number: '01711' },
        where((f) => f.issuer === 'agentA' && f.number.startsWith('8801711')),
      );
      await expectListed(
        'agentA',
        { status: 'closed', group_id: groupIds.G2 ?? '', issued_to: 'cc' },
        where((f) => f.issuer === 'agentA'),
      );
    });

    it('shows staff issuer names, the holding department and public tickets', async () => {
      const reply = await list('cc', 1, { start_date: '2026-03-01', end_date: '2026-03-10' });
      const rows = reply.json<TicketListReply>().data;
      expect(rows.find((row) => row.problematic_number === '8801711111111')).toMatchObject({
        issuer_name: 'customerA',
        issued_to: 'cc',
      });
      expect(rows.find((row) => row.problematic_number === '8801722222222')).toMatchObject({ issued_to: 'rs' });
      expect(rows.find((row) => row.problematic_number === '8801744444444')).toMatchObject({
        issuer_name: null,
        issuer_number: null,
        client_email: 'client@example.com',
      });
    });
  });
});
