import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WebhookEndpointCreatedReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup, ticketBody } from '../../../test/ticket-factories.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receivers.ts';
import { auditLog, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

type Headers = Record<string, string>;
const TIMEOUT_MS = 1000;

describeWithApp(
  'webhook deliveries',
  (ctx) => {
    const receivers: Receiver[] = [];
    const receiver = async (...args: Parameters<typeof startReceiver>) => {
      const started = await startReceiver(...args);
      receivers.push(started);
      return started;
    };
    beforeEach(async () => {
      await ctx.db.delete(webhookEndpoints);
    });
    afterEach(async () => {
      for (const started of receivers.splice(0)) await started.close();
    });

    const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    const endpoint = async (
      headers: Headers,
      url: string,
      events: string[] = ['ticket.created', 'ticket.changed', 'comment.added'],
    ) => {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        headers,
        payload: { url, department: 'cc', events },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json<WebhookEndpointCreatedReply>();
    };
    const issueTicket = async () => {
      const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
      const group = await buildGroup(ctx.db);
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers: customer.headers,
        payload: ticketBody(group),
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return { customer, ticketId: reply.json<{ data: { ticket_id: number } }>().data.ticket_id };
    };
    const comment = async (headers: Headers, ticketId: number, message: string, isInternal = false) => {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/add-comment',
        headers,
        payload: { ticket_id: ticketId, message, is_internal: isInternal },
      });
      expect(reply.statusCode, reply.body).toBe(201);
    };
    const verified = (secret: string, hook: { headers: Headers; body: string }) =>
      new Webhook(secret).verify(hook.body, hook.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    /** Every pending delivery due now (the clock moved past its retry). */
    const dueNow = () =>
      ctx.db
        .update(webhookDeliveries)
        .set({ dueAt: sql`now()` })
        .where(eq(webhookDeliveries.status, 'pending'));
    const run = () => ctx.app.webhookWorker.runOnce();

    it('delivers ticket.created signed by the Standard Webhooks rules, with the ticket as the department reads it', async () => {
      const { headers } = await admin();
      const hooks = await receiver();
      const { secret } = await endpoint(headers, hooks.url);
      const { ticketId } = await issueTicket();
      await run();
      expect(hooks.received).toHaveLength(1);
      const [hook] = hooks.received;
      if (!hook) throw new Error('nothing received');
      const payload = verified(secret, hook);
      expect(payload.type).toBe('ticket.created');
      expect(payload.data).toMatchObject({ ticket_id: ticketId, ticket_status: 'open' });
      expect(hook.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      // Another secret does not verify it.
      expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, hook)).toThrow();
    });

    it('keeps the order of one ticket across a retry, with the same webhook-id and body; internal comments are never sent', async () => {
      const { headers } = await admin();
      let failFirst = true;
      const hooks = await receiver((_hook, response) => {
        response.statusCode = failFirst ? 500 : 200;
        failFirst = false;
        response.end();
      });
      const { secret } = await endpoint(headers, hooks.url);
      const { ticketId } = await issueTicket();
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      await comment(staff.headers, ticketId, 'Only for staff', true);
      await comment(staff.headers, ticketId, 'We are on it');
      await run();
      // The first attempt failed; nothing of this ticket goes before it, and the rest wait as long.
      expect(hooks.received).toHaveLength(1);
      const waiting = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
      expect(waiting).toHaveLength(3);
      for (const row of waiting) expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 3000);
      await dueNow();
      await run();
      await run();
      const [first, retry, ...rest] = hooks.received;
      if (!first || !retry) throw new Error('too few deliveries');
      expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(retry.body).toBe(first.body);
      const types = [retry, ...rest].map((hook) => verified(secret, hook).type);
      expect(types[0]).toBe('ticket.created');
      // In the order they were written: the reply's status move, then the reply.
      expect(types.slice(1)).toEqual(['ticket.changed', 'comment.added']);
      const added = rest.map((hook) => verified(secret, hook)).find((payload) => payload.type === 'comment.added');
      expect(added?.data).toMatchObject({ message: 'We are on it' });
      // No comment.added for the internal comment (the ticket itself is the staff's view, internal comments included).
      expect(rest.map((hook) => verified(secret, hook)).filter((payload) => payload.type === 'comment.added')).toHaveLength(1);
      // Every attempt is on the delivery's row.
      const [row] = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, first.headers['webhook-id'] ?? ''));
      expect(row).toMatchObject({ status: 'delivered', attempts: 2, statusCode: 200, lastError: null });
    });

    it('delivers incident.changed with the incident as staff read it, and nothing to an endpoint that does not listen', async () => {
      const { headers } = await admin();
      const hooks = await receiver();
      const deaf = await receiver();
      const { secret } = await endpoint(headers, hooks.url, ['incident.changed']);
      await endpoint(headers, deaf.url, ['ticket.created']);
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/incidents',
        headers: staff.headers,
        payload: { title: 'Fibre cut in Mirpur' },
      });
      expect(created.statusCode, created.body).toBe(201);
      await run();
      expect(hooks.received).toHaveLength(1);
      const [hook] = hooks.received;
      if (!hook) throw new Error('nothing received');
      expect(verified(secret, hook)).toMatchObject({
        type: 'incident.changed',
        data: { title: 'Fibre cut in Mirpur', status: 'active' },
      });
      expect(deaf.received).toHaveLength(0);
    });

    it('cuts a receiver that never answers at the timeout, and another endpoint does not wait for it', async () => {
      const { headers } = await admin();
      const silent = await receiver(() => undefined);
      const quick = await receiver();
      const slow = await endpoint(headers, silent.url);
      await endpoint(headers, quick.url);
      const started = Date.now();
      await issueTicket();
      await run();
      expect(quick.received).toHaveLength(1);
      expect((quick.received[0]?.at ?? Infinity) - started).toBeLessThan(TIMEOUT_MS);
      const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, slow.data.id));
      expect(row?.status).toBe('pending');
      expect(row?.lastError).toMatch(/no (whole )?answer within/);
      expect(row?.latencyMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(row?.latencyMs).toBeLessThan(TIMEOUT_MS + 1000);
    });

    it('gives a dead receiver at most two lanes of the process, so a busy queue to it does not hold up another endpoint', async () => {
      const { headers } = await admin();
      const silent = await receiver(() => undefined);
      const quick = await receiver();
      const dead = await endpoint(headers, silent.url);
      const alive = await endpoint(headers, quick.url);
      for (let n = 0; n < 10; n++)
        await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${dead.data.id}/test`, headers });
      await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${alive.data.id}/test`, headers });
      const started = Date.now();
      const running = run();
      while (quick.received.length === 0 && Date.now() - started < 3 * TIMEOUT_MS)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(quick.received).toHaveLength(1);
      expect((quick.received[0]?.at ?? Infinity) - started).toBeLessThan(TIMEOUT_MS);
      // The dead receiver got at most two requests at once.
      expect(silent.received.length).toBeLessThanOrEqual(2);
      await running;
    }, 30_000);

    it('reads at most 64 kB of a huge reply, and follows no redirect', async () => {
      const { headers } = await admin();
      let written = 0;
      const huge = await receiver((_hook, response) => {
        response.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const pump = () => {
          while (written < 200 * 1024 * 1024 && !response.destroyed) {
            written += chunk.length;
            if (!response.write(chunk)) return response.once('drain', pump);
          }
          response.end();
        };
        pump();
      });
      const target = await receiver();
      const redirecting = await receiver((_hook, response) => {
        response.writeHead(302, { location: target.url });
        response.end();
      });
      const hugeEndpoint = await endpoint(headers, huge.url, ['ticket.created']);
      const redirectEndpoint = await endpoint(headers, redirecting.url, ['ticket.created']);
      await issueTicket();
      await run();
      const rows = await ctx.db.select().from(webhookDeliveries);
      const byEndpoint = (id: string) => rows.find((row) => row.endpointId === id);
      expect(byEndpoint(hugeEndpoint.data.id)).toMatchObject({ status: 'delivered', statusCode: 200 });
      expect(written).toBeLessThan(200 * 1024 * 1024);
      expect(byEndpoint(redirectEndpoint.data.id)).toMatchObject({ status: 'pending', statusCode: 302 });
      expect(byEndpoint(redirectEndpoint.data.id)?.lastError).toMatch(/redirect 302 not followed/);
      expect(target.received).toHaveLength(0);
    });

    it('turns off an endpoint failing for 3 days and tells admins in the audit trail; a success clears failing', async () => {
      const { headers } = await admin();
      const failing = await receiver((_hook, response) => {
        response.statusCode = 503;
        response.end();
      });
      const { data } = await endpoint(headers, failing.url);
      await ctx.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '3 days 1 minute'` })
        .where(eq(webhookEndpoints.id, data.id));
      await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${data.id}/test`, headers });
      await run();
      const [stored] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, data.id));
      expect(stored).toMatchObject({ active: false });
      expect(stored?.disabledAt).not.toBeNull();
      const audits = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `webhook:${data.id}`));
      expect(audits.map((row) => row.action)).toContain('webhook.disable');
      // A ticket now reaches it no more.
      await issueTicket();
      expect(await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'ticket.created'))).toHaveLength(0);

      const fine = await receiver();
      const other = await endpoint(headers, fine.url);
      await ctx.db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '1 hour'` })
        .where(eq(webhookEndpoints.id, other.data.id));
      await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${other.data.id}/test`, headers });
      await run();
      const [cleared] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, other.data.id));
      expect(cleared).toMatchObject({ active: true, failingSince: null });
    });

    it('sends a test event whatever the endpoint listens to, and redelivers it with the same id and body', async () => {
      const { headers } = await admin();
      const hooks = await receiver();
      const { data, secret } = await endpoint(headers, hooks.url, ['incident.changed']);
      const test = await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${data.id}/test`, headers });
      const deliveryId = test.json<{ data: { id: string } }>().data.id;
      await run();
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/webhook-endpoints/${data.id}/deliveries/${deliveryId}/redeliver`,
        headers,
      });
      expect(again.statusCode).toBe(202);
      await run();
      expect(hooks.received.map((hook) => hook.headers['webhook-id'])).toEqual([deliveryId, deliveryId]);
      expect(hooks.received[1]?.body).toBe(hooks.received[0]?.body);
      const first = hooks.received[0];
      if (!first) throw new Error('nothing received');
      expect(verified(secret, first)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: data.id } });
    });
  },
  {
    env: { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_ALLOW_HTTP: 'on' },
    webhooks: { autostart: false, timeoutMs: TIMEOUT_MS },
  },
);
