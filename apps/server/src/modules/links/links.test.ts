import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TICKET_LINKS_MAX, type Ticket, type TicketLinksReply, type UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, ticketLinks } from '../../db/schema.ts';
import { listen, openEventStream, type EventStream } from '../events/events.test-support.ts';

type Headers = Record<string, string>;

describeWithApp('links between related tickets (DESIGN.md §27)', (ctx) => {
  const staff = (userType: UserType = 'cc') => signedInAs(ctx.app, ctx.db, { userType });
  const ticket = async (title = 'Internet is slow') => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    return { ticket: await buildTicket(ctx.db, issuer.user, { title }), issuer };
  };
  const link = (method: 'POST' | 'DELETE', headers: Headers, ticketId: number | string, body: unknown) =>
    ctx.app.inject({ method, url: `/api/v1/tickets/${ticketId}/links`, headers, payload: body as object });
  const view = async (headers: Headers, ticketId: number) => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    const [found] = reply.json<{ data: Ticket[] }>().data;
    if (!found) throw new Error('no ticket in the reply');
    return found;
  };
  const auditRows = (ticketId: number, action: 'ticket.link' | 'ticket.unlink') =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `ticket:${ticketId}`), eq(auditLog.action, action)));

  let baseUrl = '';
  const streams: EventStream[] = [];
  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('links two tickets both ways: the reply, both views, one audit row, a staff-only change of both', async () => {
    const rs = await staff('rs');
    const { ticket: first, issuer } = await ticket('Router keeps rebooting');
    const { ticket: second } = await ticket('ONU swapped, still down');
    const staffStream = await openEventStream(baseUrl, rs.token);
    const issuerStream = await openEventStream(baseUrl, issuer.token);
    streams.push(staffStream, issuerStream);
    await staffStream.until((stream) => stream.comments.includes('ready'));
    await issuerStream.until((stream) => stream.comments.includes('ready'));

    const reply = await link('POST', rs.headers, first.ticketId, { ticket_id: second.ticketId });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<TicketLinksReply>()).toEqual({
      message: `Ticket #${second.ticketId} is linked.`,
      data: [{ ticket_id: second.ticketId, title: 'ONU swapped, still down', ticket_status: 'open' }],
    });
    expect((await view(rs.headers, first.ticketId)).links).toEqual([
      { ticket_id: second.ticketId, title: 'ONU swapped, still down', ticket_status: 'open' },
    ]);
    expect((await view(rs.headers, second.ticketId)).links).toEqual([
      { ticket_id: first.ticketId, title: 'Router keeps rebooting', ticket_status: 'open' },
    ]);
    const audit = await auditRows(first.ticketId, 'ticket.link');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: rs.user.id, details: { ticket_id: second.ticketId } });

    await staffStream.until((stream) => stream.events.length >= 2);
    expect(staffStream.events).toEqual(
      expect.arrayContaining([
        { event: 'ticket.changed', data: { ticket_id: first.ticketId } },
        { event: 'ticket.changed', data: { ticket_id: second.ticketId } },
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(issuerStream.events).toEqual([]);
  });

  it('lists the links newest first, whichever side made them', async () => {
    const cc = await staff();
    const { ticket: hub } = await ticket('Hub');
    const { ticket: older } = await ticket('Older');
    const { ticket: newer } = await ticket('Newer');
    await link('POST', cc.headers, hub.ticketId, { ticket_id: older.ticketId });
    // Made from the other side: the link has no direction.
    await link('POST', cc.headers, newer.ticketId, { ticket_id: hub.ticketId });
    expect((await view(cc.headers, hub.ticketId)).links?.map((entry) => entry.title)).toEqual(['Newer', 'Older']);
  });

  it('keeps one link when linked twice, either way, and records it once', async () => {
    const cc = await staff();
    const { ticket: first } = await ticket();
    const { ticket: second } = await ticket();
    expect((await link('POST', cc.headers, first.ticketId, { ticket_id: second.ticketId })).statusCode).toBe(200);
    const again = await link('POST', cc.headers, second.ticketId, { ticket_id: first.ticketId });
    expect(again.statusCode).toBe(200);
    expect(again.json<TicketLinksReply>().data.map((entry) => entry.ticket_id)).toEqual([first.ticketId]);
    const stored = await ctx.db.select().from(ticketLinks).where(eq(ticketLinks.lowTicketId, first.ticketId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ lowTicketId: first.ticketId, highTicketId: second.ticketId, createdBy: cc.user.id });
    expect(await auditRows(first.ticketId, 'ticket.link')).toHaveLength(1);
    expect(await auditRows(second.ticketId, 'ticket.link')).toHaveLength(0);
  });

  it('removes a link from either side, audited; a link that does not exist is 404', async () => {
    const cc = await staff();
    const { ticket: first } = await ticket();
    const { ticket: second } = await ticket();
    await link('POST', cc.headers, first.ticketId, { ticket_id: second.ticketId });
    const removed = await link('DELETE', cc.headers, second.ticketId, { ticket_id: first.ticketId });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: `The link to ticket #${first.ticketId} is removed.`, data: [] });
    expect((await view(cc.headers, first.ticketId)).links).toEqual([]);
    expect(await auditRows(second.ticketId, 'ticket.unlink')).toHaveLength(1);

    const missing = await link('DELETE', cc.headers, second.ticketId, { ticket_id: first.ticketId });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', message: `Ticket #${first.ticketId} is not linked to this ticket.` });
    expect(await auditRows(second.ticketId, 'ticket.unlink')).toHaveLength(1);
  });

  it('refuses a ticket linked to itself, and missing tickets by which one is missing', async () => {
    const cc = await staff();
    const { ticket: only } = await ticket();
    const itself = await link('POST', cc.headers, only.ticketId, { ticket_id: only.ticketId });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({ message: 'A ticket cannot be linked to itself.' });
    const other = await link('POST', cc.headers, only.ticketId, { ticket_id: 999_999_999 });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'Ticket #999999999 does not exist.' });
    const path = await link('POST', cc.headers, 999_999_999, { ticket_id: only.ticketId });
    expect(path.statusCode).toBe(404);
    expect(path.json()).toMatchObject({ code: 'not_found' });
    expect(path.json<{ message: string }>().message).not.toContain(String(only.ticketId));
    for (const body of [{}, { ticket_id: 'x' }, { ticket_id: -1 }, { ticket_id: 1.5 }, { ticket_id: [only.ticketId] }]) {
      expect((await link('POST', cc.headers, only.ticketId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it(`allows ${TICKET_LINKS_MAX} links per ticket, counting both sides, and refuses one more with 409`, async () => {
    const cc = await staff();
    const { ticket: hub } = await ticket('Hub');
    const others = await Promise.all(Array.from({ length: TICKET_LINKS_MAX + 1 }, () => ticket()));
    // Half made from the hub, half towards it.
    for (const [index, { ticket: other }] of others.slice(0, TICKET_LINKS_MAX).entries()) {
      const [from, to] = index % 2 === 0 ? [hub.ticketId, other.ticketId] : [other.ticketId, hub.ticketId];
      expect((await link('POST', cc.headers, from, { ticket_id: to })).statusCode).toBe(200);
    }
    const last = others[TICKET_LINKS_MAX];
    if (!last) throw new Error('no spare ticket');
    for (const [from, to] of [
      [hub.ticketId, last.ticket.ticketId],
      [last.ticket.ticketId, hub.ticketId],
    ] as const) {
      const refused = await link('POST', cc.headers, from, { ticket_id: to });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'conflict', message: `A ticket can have at most ${TICKET_LINKS_MAX} links.` });
    }
    // A link the full ticket has is still fine to ask for again.
    const first = others[0];
    if (!first) throw new Error('no first ticket');
    expect((await link('POST', cc.headers, hub.ticketId, { ticket_id: first.ticket.ticketId })).statusCode).toBe(200);
    expect((await view(cc.headers, hub.ticketId)).links).toHaveLength(TICKET_LINKS_MAX);
  });

  it('never lets two links at once pass the limit', async () => {
    const cc = await staff();
    const { ticket: hub } = await ticket('Hub');
    const others = await Promise.all(Array.from({ length: TICKET_LINKS_MAX + 5 }, () => ticket()));
    for (const { ticket: other } of others.slice(0, TICKET_LINKS_MAX - 1))
      await link('POST', cc.headers, hub.ticketId, { ticket_id: other.ticketId });
    const racing = await Promise.all(
      others
        .slice(TICKET_LINKS_MAX - 1)
        .map(({ ticket: other }) => link('POST', cc.headers, other.ticketId, { ticket_id: hub.ticketId })),
    );
    expect(racing.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((reply) => reply.statusCode === 409)).toHaveLength(5);
    expect((await view(cc.headers, hub.ticketId)).links).toHaveLength(TICKET_LINKS_MAX);
  });

  it.each(['customer', 'agent'] as const)(
    'refuses a %s, even between their own tickets, and never shows them links',
    async (userType) => {
      const cc = await staff();
      const issuer = await signedInAs(ctx.app, ctx.db, { userType });
      const first = await buildTicket(ctx.db, issuer.user);
      const second = await buildTicket(ctx.db, issuer.user);
      for (const method of ['POST', 'DELETE'] as const) {
        const refused = await link(method, issuer.headers, first.ticketId, { ticket_id: second.ticketId });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ code: 'forbidden', message: 'Only staff can link tickets.' });
      }
      expect(await ctx.db.select().from(ticketLinks).where(eq(ticketLinks.lowTicketId, first.ticketId))).toHaveLength(0);
      await link('POST', cc.headers, first.ticketId, { ticket_id: second.ticketId });
      const own = await view(issuer.headers, first.ticketId);
      expect(own).not.toHaveProperty('links');
      expect(own).not.toHaveProperty('tags');
    },
  );

  it('answers in Bangla when asked in Bangla', async () => {
    const cc = await staff();
    const { ticket: only } = await ticket();
    const reply = await link('POST', { ...cc.headers, 'accept-language': 'bn' }, only.ticketId, { ticket_id: only.ticketId });
    expect(reply.json()).toMatchObject({ message: 'একটি টিকিট নিজের সঙ্গে যুক্ত করা যায় না।' });
  });
});
