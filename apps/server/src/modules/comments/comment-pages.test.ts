import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommentsPageReply, TicketByIdReply } from '@switchboard/shared';
import { comments } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';

type Headers = Record<string, string>;

describeWithApp('comments a page at a time', (ctx) => {
  let customer: { user: UserRow; headers: Headers };
  let staff: { user: UserRow; headers: Headers };
  let ticketId: number;
  /** Every comment of the ticket in the order of the replies: (created_at, id). */
  let everyId: string[];
  let externalIds: string[];

  const view = (headers: Headers, id: number) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${id}`, headers });
  const earlier = (headers: Headers, id: number | string, before?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/${id}/comments${before === undefined ? '' : `?before=${before}`}`,
      headers,
    });

  /** Walks back from the newest comment; returns each page's size and has_more, and every id, oldest first. */
  async function pageBack(headers: Headers) {
    const pages: [number, boolean][] = [];
    const ids: string[] = [];
    let before: string | undefined;
    for (;;) {
      const reply = await earlier(headers, ticketId, before);
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json<CommentsPageReply>();
      pages.push([page.data.length, page.has_more]);
      ids.unshift(...page.data.map((c) => c.id));
      before = page.data[0]?.id;
      if (!page.has_more || before === undefined) return { pages, ids };
    }
  }

  beforeAll(async () => {
    customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Rafiq Islam' });
    staff = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', name: 'Farhana Akter' });
    ticketId = (await buildTicket(ctx.db, customer.user)).ticketId;
    const start = Date.now() - 3_600_000;
    // 120 external comments, two per instant (the id breaks the tie), and an internal note every fourth.
    const rows = Array.from({ length: 150 }, (_, i) => {
      const internal = i % 5 === 4;
      const author = internal || i % 2 === 1 ? staff.user : customer.user;
      return {
        ticketId,
        commenterUserId: author.id,
        commenterName: author.name,
        commenterUserType: author.userType,
        message: internal ? `Secret ${i}` : `Comment ${i}`,
        isInternal: internal,
        createdAt: new Date(start + Math.floor(i / 2) * 1000),
      };
    });
    await ctx.db.insert(comments).values(rows);
    const stored = await ctx.db
      .select({ id: comments.id, isInternal: comments.isInternal })
      .from(comments)
      .where(eq(comments.ticketId, ticketId))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    everyId = stored.map((row) => row.id);
    externalIds = stored.filter((row) => !row.isInternal).map((row) => row.id);
    expect(externalIds).toHaveLength(120);
  }, 60_000);

  it('puts the newest 50 comments, oldest first, and the number of all of them into the ticket reply', async () => {
    const [ticket] = (await view(customer.headers, ticketId)).json<TicketByIdReply>().data;
    expect(ticket?.comments.map((c) => c.id)).toEqual(externalIds.slice(-50));
    expect(ticket?.comments_total).toBe(120);
  });

  it('counts and shows internal comments for staff only', async () => {
    const [ticket] = (await view(staff.headers, ticketId)).json<TicketByIdReply>().data;
    expect(ticket?.comments.map((c) => c.id)).toEqual(everyId.slice(-50));
    expect(ticket?.comments_total).toBe(150);
  });

  it('pages a customer back 50, 50 and 20, never through an internal comment', async () => {
    const { pages, ids } = await pageBack(customer.headers);
    expect(pages).toEqual([
      [50, true],
      [50, true],
      [20, false],
    ]);
    expect(ids).toEqual(externalIds);
  });

  it('pages staff through every comment, internal ones included', async () => {
    const { pages, ids } = await pageBack(staff.headers);
    expect(pages.map(([size]) => size)).toEqual([50, 50, 50]);
    expect(ids).toEqual(everyId);
  });

  it('names staff "customer support" for the customer and keeps real names for staff', async () => {
    const before = externalIds[60];
    const forCustomer = (await earlier(customer.headers, ticketId, before)).json<CommentsPageReply>();
    const forStaff = (await earlier(staff.headers, ticketId, before)).json<CommentsPageReply>();
    expect(new Set(forCustomer.data.map((c) => c.commenter_name))).toEqual(new Set(['Rafiq Islam', 'customer support']));
    expect(new Set(forStaff.data.map((c) => c.commenter_name))).toEqual(new Set(['Rafiq Islam', 'Farhana Akter']));
    expect(forCustomer.data.every((c) => !c.is_internal)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await earlier({}, ticketId)).statusCode).toBe(401);
  });

  it("refuses another customer's ticket with the same 404 as a missing one", async () => {
    const other = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
    const refused = await earlier(other.headers, ticketId);
    const missing = await earlier(other.headers, 999_999_999);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
    expect((await earlier(agent.headers, ticketId, externalIds[10])).statusCode).toBe(404);
  });

  describe('refuses a cursor that is not a comment the viewer may see on this ticket', () => {
    it('a comment of another ticket', async () => {
      const otherTicket = await buildTicket(ctx.db, customer.user);
      const reply = await earlier(customer.headers, otherTicket.ticketId, externalIds[10]);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { before: 'Not a comment of this ticket' } });
    });

    it('an internal comment, for the customer', async () => {
      const internalId = everyId.find((id) => !externalIds.includes(id));
      const reply = await earlier(customer.headers, ticketId, internalId);
      expect(reply.statusCode).toBe(400);
      expect(reply.body).not.toContain('Secret');
    });

    it.each([
      ['an unknown id', randomUUID()],
      ['not an id', 'abc'],
      ['a number', '42'],
    ])('%s', async (_case, before) => {
      const reply = await earlier(customer.headers, ticketId, before);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { before: expect.any(String) } });
    });

    it('a ticket id that is not a number', async () => {
      expect((await earlier(customer.headers, 'abc')).statusCode).toBe(400);
    });
  });
});
