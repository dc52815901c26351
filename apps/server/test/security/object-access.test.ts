/**
 * Object-level access (ASVS V8.2.2, V8.2.3): ids of somebody else's tickets, attachments and
 * report links are refused exactly as ids that do not exist, so a refusal never confirms that
 * something is there.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Ticket } from '@switchboard/shared';
import { comments } from '../../src/db/schema.ts';
import { describeWithApp } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { buildGroup, buildTicket, presign, ticketBody, uploadImage } from '../ticket-factories.ts';
import { reportBody } from './access-requests.ts';

const MISSING_TICKET = 987_654_321;

describeWithApp('access to objects of others', (ctx) => {
  let owner: Awaited<ReturnType<typeof signedInAs>>;
  let stranger: Awaited<ReturnType<typeof signedInAs>>;
  let agent: Awaited<ReturnType<typeof signedInAs>>;
  let staff: Awaited<ReturnType<typeof signedInAs>>;
  let group: Awaited<ReturnType<typeof buildGroup>>;
  let ticketId = 0;

  beforeAll(async () => {
    owner = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    stranger = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
    staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    group = await buildGroup(ctx.db);
    ticketId = (await buildTicket(ctx.db, owner.user)).ticketId;
  });

  /** The reply as a refusal looks to the asker: status and body. */
  const seen = (reply: { statusCode: number; body: string }) => ({ status: reply.statusCode, body: reply.body });

  const view = (headers: Record<string, string>, id: number) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${id}`, headers });
  const comment = (headers: Record<string, string>, id: number, extra: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers,
      payload: { ticket_id: id, message: 'Hello', ...extra },
    });

  it("answers a customer's or an agent's look at another's ticket exactly as a missing ticket", async () => {
    for (const { headers } of [stranger, agent]) {
      const missing = seen(await view(headers, MISSING_TICKET));
      expect(missing.status).toBe(404);
      expect(seen(await view(headers, ticketId))).toEqual(missing);
    }
  });

  it("answers a comment on another's ticket exactly as one on a missing ticket, and stores nothing", async () => {
    for (const { headers } of [stranger, agent]) {
      const missing = seen(await comment(headers, MISSING_TICKET));
      expect(missing.status).toBe(404);
      expect(seen(await comment(headers, ticketId))).toEqual(missing);
    }
    expect(await ctx.db.select().from(comments).where(eq(comments.ticketId, ticketId))).toEqual([]);
  });

  it('refuses forward and resolve to customers and agents before looking the ticket up', async () => {
    for (const { headers } of [owner, stranger, agent]) {
      const resolve = (id: number) =>
        ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/resolve-ticket', headers, payload: { ticket_id: id } });
      const forward = (id: number) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/tickets/forward-ticket',
          headers,
          payload: { ticket_id: id, previously_issued_to: 'cc', newly_issued_to: 'rs', forward_cause: 'x' },
        });
      expect(seen(await resolve(ticketId))).toEqual(seen(await resolve(MISSING_TICKET)));
      expect(seen(await forward(ticketId))).toEqual(seen(await forward(MISSING_TICKET)));
      expect((await resolve(ticketId)).statusCode).toBe(403);
    }
  });

  it('keeps internal notes and staff names out of what the owner reads', async () => {
    await comment(staff.headers, ticketId, { is_internal: true, message: 'Internal: customer owes money' });
    await comment(staff.headers, ticketId, { message: 'We are on it' });
    const ticket = (await view(owner.headers, ticketId)).json<{ data: Ticket[] }>().data[0];
    expect(ticket?.comments.map((c) => c.message)).toEqual(['We are on it']);
    expect(ticket?.comments.map((c) => c.commenter_name)).toEqual(['customer support']);
    expect(ticket).not.toHaveProperty('issuer_name');
    expect(ticket?.forwarder_history).toEqual([]);
  });

  it("refuses another's upload as an attachment exactly as an address never granted", async () => {
    const theirs = await uploadImage(ctx.app, owner.headers);
    const granted = await presign(ctx.app, owner.headers, 'unsent.png');
    const theirsUnsent = granted.json<{ public_url: string }>().public_url;
    const neverGranted = theirs.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000');
    const issue = (attachments: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers: stranger.headers,
        payload: ticketBody(group, { attachments }),
      });
    const refusal = seen(await issue([neverGranted]));
    expect(refusal.status).toBe(400);
    expect(seen(await issue([theirs]))).toEqual(refusal);
    expect(seen(await issue([theirsUnsent]))).toEqual(refusal);
    expect(seen(await comment(stranger.headers, MISSING_TICKET, { attachments: [theirs] })).status).toBe(404);
    // Once used on the owner's ticket, it is not even the owner's to reuse elsewhere.
    const used = await uploadImage(ctx.app, owner.headers);
    expect((await comment(owner.headers, ticketId, { attachments: [used] })).statusCode).toBe(201);
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/issue-ticket',
      headers: owner.headers,
      payload: ticketBody(group, { attachments: [used] }),
    });
    expect(seen(reuse)).toEqual(refusal);
  });

  it('serves a report only with its own signed, unexpired link, and refuses forgeries alike whether the report exists or not', async () => {
    const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const generated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/report',
      headers: cc.headers,
      payload: reportBody(),
    });
    expect(generated.statusCode).toBe(200);
    const link = new URL(generated.json<{ public_url: string }>().public_url, 'http://localhost');
    expect((await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);

    const forged = new URL(link);
    forged.searchParams.set('signature', 'A'.repeat(43));
    const otherKey = new URL(link);
    otherKey.pathname = link.pathname.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000');
    const unsigned = new URL(link);
    unsigned.search = '';
    const later = new URL(link);
    later.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    const replies = await Promise.all(
      [forged, otherKey, unsigned, later].map((url) => ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })),
    );
    const [first, ...rest] = replies.map(seen);
    expect(first?.status).toBe(403);
    for (const reply of rest) expect(reply).toEqual(first);

    // The viewer endpoint takes only such a link, and only from report users.
    const preview = (headers: Record<string, string>, url: URL) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/tickets/report/preview?public_url=${encodeURIComponent(`${url.pathname}${url.search}`)}`,
        headers,
      });
    expect((await preview(cc.headers, link)).statusCode).toBe(200);
    expect((await preview(cc.headers, forged)).statusCode).toBe(403);
    expect(seen(await preview(cc.headers, otherKey))).toEqual(seen(await preview(cc.headers, forged)));
    expect((await preview(owner.headers, link)).statusCode).toBe(403);
  });
});
