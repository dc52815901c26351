import { beforeAll, describe, expect, it } from 'vitest';
import type { IssueTicketReply, NumberHistory, NumberHistoryEvent, NumberHistoryReply } from '@switchboard/shared';
import { comments } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup, buildTicket, randomProblematicNumber, ticketBody } from '../../../test/ticket-factories.ts';
import { workflowCalls, type Headers } from '../forwarding/forwarding.test-support.ts';

type Person = { user: UserRow; headers: Headers };

/** The forms of one stored number that the list search accepts: +880…, 880… and 0…. */
const formsOf = (stored: string) => [`+${stored}`, stored, stored.slice(2), encodeURIComponent(`+${stored}`)];

/** Events without their instants, oldest first, to compare against what happened. */
const storyOf = (events: NumberHistoryEvent[]) => [...events].reverse().map(({ at: _at, ...event }) => event);

describeWithApp("a number's history", (ctx) => {
  const people: Record<'cc' | 'iptsp' | 'customer' | 'otherCustomer' | 'agent', Person> = {} as never;
  let group: Awaited<ReturnType<typeof buildGroup>>;

  const history = (headers: Headers, number: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/number-history/${number}`, headers });
  const historyOf = async (person: Person, number: string): Promise<NumberHistory> => {
    const reply = await history(person.headers, number);
    if (reply.statusCode !== 200) throw new Error(`number-history answered ${reply.statusCode}: ${reply.body}`);
    return reply.json<NumberHistoryReply>().data;
  };
  const issue = async (person: Person, number: string, issuerType: 'agent' | 'customer' = 'customer') => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/issue-ticket',
      headers: person.headers,
      payload: ticketBody(group, { problematic_number: number, issuer_user_type: issuerType }),
    });
    if (reply.statusCode !== 201) throw new Error(`issue-ticket answered ${reply.statusCode}: ${reply.body}`);
    return reply.json<IssueTicketReply>().data.ticket_id;
  };
  const comment = async (person: Person, ticketId: number, message: string, isInternal = false) => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: person.headers,
      payload: { ticket_id: ticketId, message, is_internal: isInternal },
    });
    if (reply.statusCode >= 300) throw new Error(`add-comment answered ${reply.statusCode}: ${reply.body}`);
  };
  const expectOk = (reply: { statusCode: number; body: string }) => {
    if (reply.statusCode >= 300) throw new Error(`answered ${reply.statusCode}: ${reply.body}`);
  };

  beforeAll(async () => {
    people.cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc', name: 'Rahim (cc)' });
    people.iptsp = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', name: 'Karim (iptsp)' });
    people.customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Nadia' });
    people.otherCustomer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Other' });
    people.agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent', name: 'Agent Bablu' });
    group = await buildGroup(ctx.db);
  });

  it('requires sign-in', async () => {
    expect((await history({}, randomProblematicNumber())).statusCode).toBe(401);
  });

  describe('a ticket forwarded, resolved and reopened, beside tickets of others', () => {
    const number = randomProblematicNumber();
    const ids: Record<'customer' | 'agent' | 'otherCustomer', number> = { customer: 0, agent: 0, otherCustomer: 0 };

    beforeAll(async () => {
      const { forward, resolve } = workflowCalls(ctx.app);
      ids.otherCustomer = await issue(people.otherCustomer, number);
      ids.agent = await issue(people.agent, number, 'agent');
      ids.customer = await issue(people.customer, number);
      const id = ids.customer;
      await comment(people.cc, id, 'Checking your line', false);
      await comment(people.cc, id, 'Line card looks broken', true);
      expectOk(
        await forward(people.cc.headers, {
          ticket_id: id,
          previously_issued_to: 'cc',
          newly_issued_to: 'iptsp',
          forward_cause: 'Needs a field visit',
          is_in_forward_loop: false,
        }),
      );
      expectOk(await resolve(people.iptsp.headers, id));
      // The issuer's reply on a solved ticket reopens it.
      await comment(people.customer, id, 'Still down');
    });

    it('shows staff every ticket of the number with counts after forward, resolve and reopen', async () => {
      const seen = await historyOf(people.cc, number);
      expect(seen.number).toBe(number);
      expect(seen.total_count).toBe(3);
      expect(seen.open_count).toBe(3);
      expect(seen.tickets.map((ticket) => ticket.ticket_id)).toEqual([ids.customer, ids.agent, ids.otherCustomer]);
      expect(seen.tickets[0]?.issued_to).toBe('iptsp');
      expect(seen.tickets[0]?.issuer_name).toBe('Nadia');
      const mine = seen.timeline.filter((event) => event.ticket_id === ids.customer);
      expect(storyOf(mine)).toEqual([
        { ticket_id: ids.customer, kind: 'created', by_name: 'Nadia' },
        { ticket_id: ids.customer, kind: 'commented', by_name: 'Rahim (cc)' },
        { ticket_id: ids.customer, kind: 'commented', by_name: 'Rahim (cc)' },
        // The forward's own internal note "Forwarded to IPTSP" and the forward itself.
        { ticket_id: ids.customer, kind: 'commented', by_name: 'Rahim (cc)' },
        {
          ticket_id: ids.customer,
          kind: 'forwarded',
          from: 'cc',
          to: 'iptsp',
          cause: 'Needs a field visit',
          by_name: 'Rahim (cc)',
        },
        { ticket_id: ids.customer, kind: 'resolved', by_name: 'Karim (iptsp)' },
        // The issuer's reply and the reopen it causes, at one instant.
        { ticket_id: ids.customer, kind: 'commented', by_name: 'Nadia' },
        { ticket_id: ids.customer, kind: 'reopened', by_name: 'Nadia' },
      ]);
      const instants = seen.timeline.map((event) => event.at);
      expect(instants).toEqual([...instants].sort().reverse());
    });

    it('counts a solved ticket as not open and shows when it was resolved', async () => {
      const { resolve } = workflowCalls(ctx.app);
      expectOk(await resolve(people.cc.headers, ids.agent));
      const seen = await historyOf(people.cc, number);
      expect({ open: seen.open_count, total: seen.total_count }).toEqual({ open: 2, total: 3 });
      expect(seen.timeline[0]).toEqual({ at: expect.any(String), ticket_id: ids.agent, kind: 'resolved', by_name: 'Rahim (cc)' });
      expect(seen.tickets.find((ticket) => ticket.ticket_id === ids.agent)?.ticket_status).toBe('closed');
    });

    it('leaves the ticket on screen out of the timeline when asked (the view shows its own comments)', async () => {
      const whole = await historyOf(people.cc, number);
      const reply = await history(people.cc.headers, `${number}?except_ticket_id=${ids.customer}`);
      expect(reply.statusCode).toBe(200);
      const seen = reply.json<NumberHistoryReply>().data;
      expect(seen.timeline.length).toBeGreaterThan(0);
      expect(seen.timeline.some((event) => event.ticket_id === ids.customer)).toBe(false);
      expect(seen.timeline).toEqual(whole.timeline.filter((event) => event.ticket_id !== ids.customer));
      // The counts and the list of tickets are the number's, as before.
      expect({ open: seen.open_count, total: seen.total_count, tickets: seen.tickets }).toEqual({
        open: whole.open_count,
        total: whole.total_count,
        tickets: whole.tickets,
      });
    });

    it.each(['abc', '0', '-5'])('refuses a malformed except_ticket_id (%s)', async (value) => {
      const reply = await history(people.cc.headers, `${number}?except_ticket_id=${value}`);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation' });
    });

    it('reads the number the same in every form the list search accepts', async () => {
      const expected = await historyOf(people.cc, number);
      for (const form of formsOf(number)) expect(await historyOf(people.cc, form), form).toEqual(expected);
    });

    it('shows a customer only their own tickets, without internal comments, forwards or staff names', async () => {
      for (const form of formsOf(number)) {
        const seen = await historyOf(people.customer, form);
        expect({ open: seen.open_count, total: seen.total_count }).toEqual({ open: 1, total: 1 });
        expect(seen.tickets.map((ticket) => ticket.ticket_id)).toEqual([ids.customer]);
        expect(seen.tickets[0]).not.toHaveProperty('issued_to');
        expect(seen.tickets[0]).not.toHaveProperty('issuer_name');
        expect(storyOf(seen.timeline)).toEqual([
          { ticket_id: ids.customer, kind: 'created' },
          { ticket_id: ids.customer, kind: 'commented', by_name: 'customer support' },
          { ticket_id: ids.customer, kind: 'resolved', by_name: 'customer support' },
          { ticket_id: ids.customer, kind: 'commented', by_name: 'Nadia' },
          { ticket_id: ids.customer, kind: 'reopened', by_name: 'Nadia' },
        ]);
        expect(JSON.stringify(seen)).not.toMatch(/Rahim|Karim|iptsp|field visit/);
      }
    });

    it('shows an agent only the tickets they issued, with the same rules', async () => {
      const seen = await historyOf(people.agent, `0${number.slice(3)}`);
      expect(seen.tickets.map((ticket) => ticket.ticket_id)).toEqual([ids.agent]);
      expect({ open: seen.open_count, total: seen.total_count }).toEqual({ open: 0, total: 1 });
      expect(seen.timeline.map((event) => event.kind).sort()).toEqual(['created', 'resolved']);
      expect(JSON.stringify(seen)).not.toMatch(/Rahim|Karim|Nadia/);
    });

    it("answers another customer's number with zero counts, never revealing its tickets", async () => {
      const own = randomProblematicNumber();
      await issue(people.otherCustomer, own);
      for (const person of [people.customer, people.agent]) {
        expect(await historyOf(person, own)).toEqual({ number: own, open_count: 0, total_count: 0, tickets: [], timeline: [] });
      }
      expect(await historyOf(people.customer, randomProblematicNumber())).toMatchObject({ total_count: 0, tickets: [] });
    });
  });

  it('never shows internal comments to a customer, whatever the comment rows say', async () => {
    const number = randomProblematicNumber();
    const ticket = await buildTicket(ctx.db, people.customer.user, { problematicNumber: number });
    await ctx.db.insert(comments).values({
      ticketId: ticket.ticketId,
      commenterUserId: people.cc.user.id,
      commenterName: 'Rahim (cc)',
      commenterUserType: 'cc',
      message: 'Internal only',
      isInternal: true,
    });
    const seen = await historyOf(people.customer, number);
    expect(seen.timeline.map((event) => event.kind)).toEqual(['created']);
    expect((await historyOf(people.cc, number)).timeline.map((event) => event.kind)).toEqual(['commented', 'created']);
  });

  it('lists the ten newest tickets and the fifty newest events of a busy number', async () => {
    const number = randomProblematicNumber();
    const start = Date.now() - 100 * 3_600_000;
    for (let i = 0; i < 60; i += 1) {
      await buildTicket(ctx.db, people.customer.user, {
        problematicNumber: number,
        createdAt: new Date(start + i * 3_600_000),
        ticketStatus: i % 4 === 0 ? 'closed' : 'open',
      });
    }
    const seen = await historyOf(people.cc, number);
    expect({ open: seen.open_count, total: seen.total_count }).toEqual({ open: 45, total: 60 });
    expect(seen.tickets).toHaveLength(10);
    expect(seen.timeline).toHaveLength(50);
    const created = seen.tickets.map((ticket) => ticket.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(seen.timeline.map((event) => event.at)).toEqual(
      seen.timeline
        .map((event) => event.at)
        .sort()
        .reverse(),
    );
  });

  it("fills the timeline with the other tickets' events when the ticket on screen has many of its own", async () => {
    const number = randomProblematicNumber();
    const start = Date.now() - 100 * 3_600_000;
    for (let i = 0; i < 55; i += 1) {
      await buildTicket(ctx.db, people.customer.user, { problematicNumber: number, createdAt: new Date(start + i * 3_600_000) });
    }
    const onScreen = await buildTicket(ctx.db, people.customer.user, { problematicNumber: number });
    for (let i = 0; i < 5; i += 1) await comment(people.cc, onScreen.ticketId, `Note ${i}`);
    const reply = await history(people.cc.headers, `${number}?except_ticket_id=${onScreen.ticketId}`);
    const seen = reply.json<NumberHistoryReply>().data;
    expect(seen.timeline).toHaveLength(50);
    expect(seen.timeline.every((event) => event.ticket_id !== onScreen.ticketId)).toBe(true);
  });

  it.each([
    ['too short', '0171'],
    ['letters', '01712abc345'],
    ['88 without the leading 0 of the line', '881712345678'],
    ['too long', '+88017123456789'],
  ])('refuses a malformed number (%s) with a field message', async (_name, entry) => {
    const reply = await history(people.cc.headers, encodeURIComponent(entry));
    expect(reply.statusCode).toBe(400);
    const body = reply.json<{ message: string; code: string; details?: Record<string, string> }>();
    expect(body.code).toBe('validation');
    expect(body.details?.number).toMatch(/phone number/);
  });

  it.each(['0171', '881712345678'])('refuses a malformed number (%s) in Bangla when asked in Bangla', async (entry) => {
    const reply = await history({ ...people.cc.headers, 'accept-language': 'bn' }, encodeURIComponent(entry));
    const hint = 'ফোন নম্বর দিন: +880…, 880… বা 0… এবং তারপর বাকি সংখ্যাগুলো';
    expect(reply.json()).toMatchObject({ code: 'validation', details: { number: hint } });
  });
});
