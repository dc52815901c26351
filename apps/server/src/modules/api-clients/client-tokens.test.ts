/**
 * A client's token at the request edge (DESIGN.md §21): which tokens pass, what a client may call
 * with which scope, that it acts as staff of its department, its request budget, and that no list
 * of people shows its account.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_SCOPES, type ApiScope } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { createClient, expireClient, type TestClient } from '../../../test/api-client-factories.ts';
import { CLIENT_REQUESTS_PER_MINUTE } from '../../plugins/write-limits.ts';
import { apiClients, auditLog, comments } from '../../db/schema.ts';

type Headers = Record<string, string>;

describeWithApp('client tokens', (ctx) => {
  const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'admin' });
  const client = async (fields: { scopes?: ApiScope[]; department?: 'cc' | 'rs' | 'iptsp' | 'oss-bss'; name?: string } = {}) =>
    createClient(ctx.app, ctx.db, (await admin()).headers, fields);
  const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const post = (url: string, headers: Headers, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const LIST = '/tickets/user-type-wise-tickets/1';

  describe('authentication', () => {
    it('lets a live token through and refuses malformed, forged, revoked and expired ones with their reason', async () => {
      const a = await client();
      const b = await client();
      expect((await get(LIST, a.headers)).statusCode).toBe(200);
      const secretOf = (token: string) => token.slice(-43);
      const refusals: [string, string][] = [
        ['sb_', 'This token is not valid'],
        ['sb_not-a-token', 'This token is not valid'],
        [`${a.token}x`, 'This token is not valid'],
        // Client A's id with client B's secret.
        [`sb_${a.id}_${secretOf(b.token)}`, 'This token is not valid'],
        [`sb_00000000-0000-4000-8000-000000000000_${secretOf(a.token)}`, 'This token is not valid'],
      ];
      for (const [token, message] of refusals) {
        const reply = await get(LIST, bearer(token));
        expect(reply.statusCode, token).toBe(401);
        expect(reply.json(), token).toEqual({ code: 'unauthorized', message });
      }
      await expireClient(ctx.db, b.id);
      const expired = await get(LIST, b.headers);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('This token has expired');
    });

    it("never takes a client's account for a person's session", async () => {
      const a = await client();
      // A session token is anything else: a client token without its prefix is no session.
      const reply = await get(LIST, bearer(a.token.slice(3)));
      expect(reply.statusCode).toBe(401);
      expect(reply.json().code).toBe('unauthorized');
    });

    it('notes the last use at most about once a minute', async () => {
      const a = await client();
      const lastUsed = async () =>
        (await ctx.db.select({ at: apiClients.lastUsedAt }).from(apiClients).where(eq(apiClients.id, a.id)))[0]?.at;
      expect(await lastUsed()).toBeNull();
      await get(LIST, a.headers);
      const first = await lastUsed();
      expect(first).toBeInstanceOf(Date);
      await get(LIST, a.headers);
      await get(LIST, a.headers);
      expect(await lastUsed()).toEqual(first);
      await ctx.db
        .update(apiClients)
        .set({ lastUsedAt: new Date(Date.now() - 61_000) })
        .where(eq(apiClients.id, a.id));
      await get(LIST, a.headers);
      expect((await lastUsed())?.getTime()).toBeGreaterThan(Date.now() - 10_000);
    });
  });

  describe('scopes', () => {
    it('refuses a route that needs a scope the token lacks, naming the scope', async () => {
      const reader = await client({ scopes: ['tickets:read'] });
      const ticket = await buildTicket(ctx.db, null);
      const reply = await post('/tickets/add-comment', reader.headers, { ticket_id: ticket.ticketId, message: 'On it' });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ code: 'forbidden', message: 'This token lacks the scope tickets:write' });
      const writer = await client({ scopes: ['tickets:write'] });
      const list = await get(LIST, writer.headers);
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe('This token lacks the scope tickets:read');
    });

    it('refuses every route that names no scope, whatever the token grants', async () => {
      const every = await client({ scopes: [...API_SCOPES] });
      for (const url of ['/users', '/staff', '/audit', '/dashboard', '/api-clients', '/users/validate-token', '/events']) {
        const reply = await get(url, every.headers);
        expect(reply.statusCode, url).toBe(403);
        expect(reply.json().message, url).toBe('API tokens cannot call this operation');
      }
    });

    it('documents the scope of each operation in OpenAPI', async () => {
      const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        components: { securitySchemes: Record<string, { type: string; scheme: string }> };
        paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      }>();
      expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
      const securityOf = (path: string, method: string) => document.paths[path]?.[method]?.security;
      expect(securityOf('/api/v1/tickets/add-comment', 'post')).toEqual([{ bearer: [] }, { apiToken: ['tickets:write'] }]);
      expect(securityOf('/api/v1/tickets/get-ticket-by-id/{id}', 'get')).toEqual([
        { bearer: [] },
        { apiToken: ['tickets:read'] },
      ]);
      expect(securityOf('/api/v1/incidents', 'post')).toEqual([{ bearer: [] }, { apiToken: ['incidents:write'] }]);
      expect(securityOf('/api/v1/users', 'get')).toEqual([{ bearer: [] }]);
      expect(securityOf('/api/v1/api-clients', 'post')).toEqual([{ bearer: [] }]);
    });
  });

  describe('acting as staff of its department', () => {
    const readWrite = { scopes: ['tickets:read', 'tickets:write'] as ApiScope[] };

    it('writes external comments under its own name, reads internal ones, and may not write an internal note', async () => {
      const cc = await client({ ...readWrite, name: 'CRM' });
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ticket = await buildTicket(ctx.db, null);
      const note = await post('/tickets/add-comment', staff.headers, {
        ticket_id: ticket.ticketId,
        message: 'Checked the line',
        is_internal: true,
      });
      expect(note.statusCode, note.body).toBe(201);
      const refused = await post('/tickets/add-comment', cc.headers, {
        ticket_id: ticket.ticketId,
        message: 'A note',
        is_internal: true,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('An API token writes external comments only');
      const external = await post('/tickets/add-comment', cc.headers, { ticket_id: ticket.ticketId, message: 'We are on it' });
      expect(external.statusCode, external.body).toBe(201);
      const stored = await ctx.db.select().from(comments).where(eq(comments.ticketId, ticket.ticketId));
      expect(stored.find((row) => row.message === 'We are on it')).toMatchObject({
        commenterUserId: cc.accountId,
        commenterName: 'CRM',
        isInternal: false,
      });
      // Audited with the client's account as the actor.
      const audited = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `ticket:${ticket.ticketId}`));
      expect(audited.filter((row) => row.action === 'comment.create').map((row) => row.actorUserId)).toContain(cc.accountId);
      const view = await get(`/tickets/get-ticket-by-id/${ticket.ticketId}`, cc.headers);
      expect(view.statusCode).toBe(200);
      expect(view.body).toContain('Checked the line');
    });

    it("forwards and resolves only what its department's staff may", async () => {
      const rs = await client({ ...readWrite, department: 'rs' });
      const cc = await client({ ...readWrite, department: 'cc' });
      const held = await buildTicket(ctx.db, null, { issuedTo: 'cc' });
      const forward = (who: TestClient) =>
        post('/tickets/forward-ticket', who.headers, {
          ticket_id: held.ticketId,
          previously_issued_to: 'cc',
          newly_issued_to: 'iptsp',
          forward_cause: 'Line fault',
        });
      expect((await forward(rs)).statusCode).toBe(403);
      expect((await forward(cc)).statusCode).toBe(200);
      expect((await post('/tickets/resolve-ticket', rs.headers, { ticket_id: held.ticketId })).statusCode).toBe(403);
      expect((await post('/tickets/resolve-ticket', cc.headers, { ticket_id: held.ticketId })).statusCode).toBe(200);
    });
  });

  describe('lists of people', () => {
    it('never show the account of a client', async () => {
      const { headers } = await admin();
      const named = await client({ name: 'Zebra Integration Bot', department: 'cc' });
      const users = await get('/users?q=Zebra', headers);
      expect(users.statusCode).toBe(200);
      expect(users.body).not.toContain(named.accountId);
      const firstPage = await get('/users', headers);
      expect(firstPage.body).not.toContain(named.accountId);
      const staff = await get('/staff?department=cc&q=Zebra', headers);
      expect(staff.statusCode).toBe(200);
      expect(staff.body).not.toContain(named.accountId);
      const lookup = await get('/users/lookup?q=Zebra', headers);
      expect(lookup.statusCode).toBe(200);
      expect(lookup.body).not.toContain(named.accountId);
      // Nor may an admin change or delete it as a user.
      const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/users/${named.accountId}`, headers });
      expect(removed.statusCode).toBe(404);
    });
  });

  describe('request budget', () => {
    it(`refuses a client's request ${CLIENT_REQUESTS_PER_MINUTE + 1} of a minute, whichever routes it calls`, async () => {
      const busy = await client();
      const other = await client();
      for (let index = 0; index < CLIENT_REQUESTS_PER_MINUTE; index++) {
        // Refused calls count too: the budget is counted before the scope is read.
        const reply = await get(index % 2 ? '/users' : '/staff', busy.headers);
        if (reply.statusCode !== 403) throw new Error(`request ${index} answered ${reply.statusCode}`);
      }
      const refused = await get(LIST, busy.headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      expect((await get(LIST, other.headers)).statusCode).toBe(200);
    });
  });
});
