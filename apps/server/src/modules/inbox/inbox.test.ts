/**
 * Staff's notification bell (DESIGN.md §26) through the API: staff read and mark only their own
 * items, newest first a page at a time with the unread count; strangers get 401, agents and
 * customers 403; a low rating puts an item in the bells of the staff who act for the holder.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { INBOX_KEPT_PER_USER, INBOX_PAGE_SIZE } from '@switchboard/shared';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { inboxItems } from '../../db/schema.ts';
import { signRatingToken } from '../satisfaction/rating-token.ts';
import { tellInbox } from './inbox.repository.ts';

type Headers = Record<string, string>;

describeWithApp('the notification bell', (ctx) => {
  let ticketId = 0;
  const list = (headers: Headers, query = '') => ctx.app.inject({ method: 'GET', url: `/api/v1/inbox${query}`, headers });
  const read = (headers: Headers, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/inbox/read', headers, payload: payload as Record<string, unknown> });
  const tell = (userIds: string[], kind: 'sla.breached' | 'sla.escalated' | 'rating.low' = 'sla.breached') =>
    tellInbox(ctx.db, [{ userIds, kind, ticketId, department: 'rs', score: kind === 'rating.low' ? 2 : undefined }]);

  beforeAll(async () => {
    const customer = await signedInAs(ctx.app, ctx.db);
    ticketId = (await buildTicket(ctx.db, customer.user, { issuedTo: 'rs', title: 'No signal at the market' })).ticketId;
  });

  it('refuses strangers (401), agents and customers (403), on both routes', async () => {
    expect((await list({})).json()).toMatchObject({ code: 'unauthorized' });
    expect((await list({})).statusCode).toBe(401);
    expect((await read({}, { all: true })).statusCode).toBe(401);
    for (const userType of ['agent', 'customer'] as const) {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType });
      const refused = await list(headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'forbidden', message: 'Notifications are for staff only.' });
      expect((await read(headers, { all: true })).statusCode).toBe(403);
    }
  });

  it("lists the viewer's own items, newest first, with the ticket's title and the unread count", async () => {
    const [mine, other] = [
      await signedInAs(ctx.app, ctx.db, { userType: 'rs' }),
      await signedInAs(ctx.app, ctx.db, { userType: 'rs' }),
    ];
    expect((await list(mine.headers)).json()).toEqual({ data: [], unread: 0, has_more: false });
    await tell([mine.user.id, other.user.id]);
    await tell([mine.user.id], 'rating.low');
    await tell([other.user.id], 'sla.escalated');
    const reply = await list(mine.headers);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.unread).toBe(2);
    expect(body.has_more).toBe(false);
    expect(body.data.map((item: { kind: string }) => item.kind)).toEqual(['rating.low', 'sla.breached']);
    expect(body.data[0]).toMatchObject({
      ticket_id: ticketId,
      ticket_title: 'No signal at the market',
      department: 'rs',
      score: 2,
      read: false,
    });
    expect(body.data[1]).toMatchObject({ score: null });
  });

  it('pages with before, INBOX_PAGE_SIZE a page', async () => {
    const viewer = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    for (let n = 0; n < INBOX_PAGE_SIZE + 3; n += 1) await tell([viewer.user.id]);
    const first = (await list(viewer.headers)).json();
    expect(first.data).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.has_more).toBe(true);
    const last = first.data[INBOX_PAGE_SIZE - 1].id;
    const second = (await list(viewer.headers, `?before=${last}`)).json();
    expect(second.data).toHaveLength(3);
    expect(second.has_more).toBe(false);
    expect(second.data.every((item: { id: number }) => item.id < last)).toBe(true);
    const bad = await list(viewer.headers, '?before=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation' });
  });

  it("marks the named items read, or all; another person's ids change nothing", async () => {
    const [mine, other] = [
      await signedInAs(ctx.app, ctx.db, { userType: 'iptsp' }),
      await signedInAs(ctx.app, ctx.db, { userType: 'iptsp' }),
    ];
    await tell([mine.user.id]);
    await tell([mine.user.id]);
    await tell([other.user.id]);
    const [newest] = (await list(mine.headers)).json().data;
    const [theirs] = (await list(other.headers)).json().data;
    const marked = await read(mine.headers, { ids: [newest.id, theirs.id] });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ data: { unread: 1 } });
    expect((await list(other.headers)).json().unread).toBe(1);
    const [readRow] = await ctx.db.select().from(inboxItems).where(eq(inboxItems.id, newest.id));
    expect(readRow?.readAt).not.toBeNull();
    expect((await list(mine.headers)).json().data.map((item: { read: boolean }) => item.read)).toEqual([true, false]);
    expect((await read(mine.headers, { all: true })).json()).toEqual({ data: { unread: 0 } });
    expect((await list(other.headers)).json().unread).toBe(1);
  });

  it('keeps the newest INBOX_KEPT_PER_USER items of a person', async () => {
    const viewer = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    const notices = Array.from({ length: INBOX_KEPT_PER_USER + 5 }, () => ({
      userIds: [viewer.user.id],
      kind: 'sla.breached' as const,
      ticketId,
      department: 'rs' as const,
    }));
    await tellInbox(ctx.db, notices);
    await tell([viewer.user.id], 'sla.escalated');
    const kept = await ctx.db.select({ kind: inboxItems.kind }).from(inboxItems).where(eq(inboxItems.userId, viewer.user.id));
    expect(kept).toHaveLength(INBOX_KEPT_PER_USER);
    expect(kept.filter((item) => item.kind === 'sla.escalated')).toHaveLength(1);
    expect((await list(viewer.headers)).json().unread).toBe(INBOX_KEPT_PER_USER);
  });

  it('tells a department of 150 of 200 tickets at once (30,000 items, as a breach of a whole batch does)', async () => {
    const customer = await buildUser(ctx.db);
    const staff = await Promise.all(Array.from({ length: 150 }, () => buildUser(ctx.db, { userType: 'rs' })));
    const breached = await Promise.all(Array.from({ length: 200 }, () => buildTicket(ctx.db, customer, { issuedTo: 'rs' })));
    const notices = breached.map((ticket) => ({
      userIds: staff.map((member) => member.id),
      kind: 'sla.breached' as const,
      ticketId: ticket.ticketId,
      department: 'rs' as const,
    }));
    await tellInbox(ctx.db, notices);
    const told = await ctx.db
      .select({ userId: inboxItems.userId })
      .from(inboxItems)
      .where(
        inArray(
          inboxItems.ticketId,
          breached.map((ticket) => ticket.ticketId),
        ),
      );
    expect(told).toHaveLength(30_000);
    expect(new Set(told.map((item) => item.userId)).size).toBe(150);
  });

  it('refuses a mark-read that names nothing, too much, or both ways (400)', async () => {
    const viewer = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { all: false },
      { ids: [1], all: true },
      { ids: Array.from({ length: 101 }, (_, n) => n + 1) },
    ]) {
      const refused = await read(viewer.headers, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation' });
    }
  });

  it('puts a low rating in the bells of cc and the holding department, not of other departments', async () => {
    const [rs, cc, iptsp] = [
      await signedInAs(ctx.app, ctx.db, { userType: 'rs' }),
      await signedInAs(ctx.app, ctx.db, { userType: 'cc' }),
      await signedInAs(ctx.app, ctx.db, { userType: 'iptsp' }),
    ];
    const customer = await signedInAs(ctx.app, ctx.db);
    const rated = await buildTicket(ctx.db, customer.user, { issuedTo: 'rs', ticketStatus: 'closed' });
    const token = signRatingToken(ctx.config.satisfaction.linkSecret, rated.ticketId, new Date());
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/v1/public/ratings', payload: { token, score: 1 } });
    expect(answer.statusCode).toBe(200);
    const itemsOfRated = async (headers: Headers) => {
      const items: { ticket_id: number }[] = (await list(headers)).json().data;
      return items.filter((item) => item.ticket_id === rated.ticketId);
    };
    for (const told of [rs, cc])
      expect(await itemsOfRated(told.headers)).toEqual([
        expect.objectContaining({ kind: 'rating.low', score: 1, department: 'rs' }),
      ]);
    expect(await itemsOfRated(iptsp.headers)).toEqual([]);
  });
});
