import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  API_CLIENTS_MAX,
  API_CLIENTS_PAGE_SIZE,
  API_TOKEN_PATTERN,
  type ApiClientCreatedReply,
  type ApiClientListReply,
} from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { createClient } from '../../../test/api-client-factories.ts';
import { apiClients, auditLog, users } from '../../db/schema.ts';

type Headers = Record<string, string>;

describeWithApp('API clients', (ctx) => {
  const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'admin' });
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const draft = { name: 'Billing system', department: 'oss-bss', scopes: ['tickets:read', 'tickets:write'] };

  describe('who may', () => {
    it('needs a signed-in admin on every endpoint', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      const calls = (headers: Headers) => [
        inject('GET', '/api-clients', headers),
        inject('POST', '/api-clients', headers, draft),
        inject('DELETE', `/api-clients/${id}`, headers),
      ];
      for (const reply of await Promise.all(calls({}))) expect(reply.statusCode).toBe(401);
      for (const role of ['user', 'support', 'moderator'] as const) {
        const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role });
        for (const reply of await Promise.all(calls(headers))) {
          expect(reply.statusCode, reply.body).toBe(403);
          expect(reply.json()).toMatchObject({ code: 'forbidden', message: 'Only admins manage integrations' });
        }
      }
    });

    it("refuses a client's own token, even one with every scope", async () => {
      const { headers } = await admin();
      const client = await createClient(ctx.app, ctx.db, headers, {
        scopes: ['tickets:read', 'tickets:write', 'incidents:write'],
      });
      for (const reply of [
        await inject('GET', '/api-clients', client.headers),
        await inject('POST', '/api-clients', client.headers, draft),
        await inject('DELETE', `/api-clients/${client.id}`, client.headers),
      ]) {
        expect(reply.statusCode).toBe(403);
        expect(reply.json().message).toBe('API tokens cannot call this operation');
      }
    });
  });

  describe('create', () => {
    it('shows the token once, stores only the hash of its secret, and makes the account of the client', async () => {
      const { headers, user } = await admin();
      const reply = await inject('POST', '/api-clients', headers, { ...draft, expires_in_days: 30 });
      expect(reply.statusCode, reply.body).toBe(201);
      const { data, token } = reply.json<ApiClientCreatedReply>();
      const match = API_TOKEN_PATTERN.exec(token);
      expect(match?.[1]).toBe(data.id);
      expect(data).toMatchObject({
        name: 'Billing system',
        department: 'oss-bss',
        scopes: ['tickets:read', 'tickets:write'],
        created_by_name: user.name,
        last_used_at: null,
        revoked_at: null,
      });
      expect(Date.parse(data.expires_at ?? '') - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      const [row] = await ctx.db.select().from(apiClients).where(eq(apiClients.id, data.id));
      expect(row?.tokenHash).toBe(
        createHash('sha256')
          .update(match?.[2] ?? '')
          .digest('hex'),
      );
      expect(JSON.stringify(row)).not.toContain(match?.[2]);
      const [account] = await ctx.db
        .select()
        .from(users)
        .where(eq(users.id, row?.userId ?? ''));
      expect(account).toMatchObject({
        kind: 'client',
        name: 'Billing system',
        userType: 'oss_bss',
        role: 'user',
        productNumber: `client-${data.id}`,
      });

      const audit = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `api_client:${data.id}`), eq(auditLog.action, 'api_client.create')));
      expect(audit).toHaveLength(1);
      expect(audit[0]?.actorUserId).toBe(user.id);
      expect(audit[0]?.details).toMatchObject({ name: 'Billing system', department: 'oss-bss' });
      expect(JSON.stringify(audit)).not.toContain(match?.[2]);
      // The list never shows a token again.
      const listed = await inject('GET', '/api-clients', headers);
      expect(listed.body).not.toContain(match?.[2]);
    });

    it('refuses a body outside the schema', async () => {
      const { headers } = await admin();
      for (const body of [
        { ...draft, name: '' },
        { ...draft, scopes: [] },
        { ...draft, scopes: ['tickets:read', 'tickets:read'] },
        { ...draft, scopes: ['admin'] },
        { ...draft, department: 'agent' },
        { ...draft, expires_in_days: 0 },
        { ...draft, token_hash: 'mine' },
      ]) {
        const reply = await inject('POST', '/api-clients', headers, body);
        expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('revoke', () => {
    it('refuses the token from the next request on, and says so in the list and the audit', async () => {
      const { headers, user } = await admin();
      const client = await createClient(ctx.app, ctx.db, headers);
      expect((await inject('GET', '/tickets/user-type-wise-tickets/1', client.headers)).statusCode).toBe(200);
      const reply = await inject('DELETE', `/api-clients/${client.id}`, headers);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().data.revoked_at).not.toBeNull();
      const refused = await inject('GET', '/tickets/user-type-wise-tickets/1', client.headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'unauthorized', message: 'This token was revoked' });
      // Again: the same client, no second audit row.
      expect((await inject('DELETE', `/api-clients/${client.id}`, headers)).statusCode).toBe(200);
      const audit = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `api_client:${client.id}`), eq(auditLog.action, 'api_client.revoke')));
      expect(audit.map((row) => row.actorUserId)).toEqual([user.id]);
    });

    it('answers 404 for a client that does not exist', async () => {
      const { headers } = await admin();
      const reply = await inject('DELETE', '/api-clients/00000000-0000-4000-8000-000000000000', headers);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe('API client not found');
    });
  });

  describe('list and the limit', () => {
    it(`pages newest first, revoked ones too, and allows at most ${API_CLIENTS_MAX} active clients`, async () => {
      const { headers } = await admin();
      const first = await inject('GET', '/api-clients', headers);
      const active = first.json<ApiClientListReply>().data.filter((client) => !client.revoked_at).length;
      const made: string[] = [];
      for (let index = active; index < API_CLIENTS_MAX; index++)
        made.push((await createClient(ctx.app, ctx.db, headers, { name: `Bulk ${index}` })).id);
      const refused = await inject('POST', '/api-clients', headers, draft);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(`At most ${API_CLIENTS_MAX} API clients may be active at once`);

      const revokedId = made[0] ?? '';
      expect((await inject('DELETE', `/api-clients/${revokedId}`, headers)).statusCode).toBe(200);
      const newest = await createClient(ctx.app, ctx.db, headers, { name: 'After a revoke' });

      const page1 = (await inject('GET', '/api-clients?page=1', headers)).json<ApiClientListReply>();
      expect(page1.data).toHaveLength(API_CLIENTS_PAGE_SIZE);
      expect(page1.data[0]?.id).toBe(newest.id);
      expect(page1.total_pages).toBe(Math.ceil(page1.total / API_CLIENTS_PAGE_SIZE));
      expect(page1.next_page).toBe(2);
      const all: ApiClientListReply['data'] = [];
      for (let page = 1; page <= page1.total_pages; page++)
        all.push(...(await inject('GET', `/api-clients?page=${page}`, headers)).json<ApiClientListReply>().data);
      expect(all).toHaveLength(page1.total);
      expect(all.find((client) => client.id === revokedId)?.revoked_at).not.toBeNull();
      const times = all.map((client) => client.created_at);
      expect(times).toEqual([...times].sort().reverse());
    });
  });
});
