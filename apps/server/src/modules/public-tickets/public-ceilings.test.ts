/**
 * The hourly ceilings over all addresses, set low for this file's app through its configuration.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PresignReply } from '@switchboard/shared';
import { captchaUsed, tickets, uploads } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs, solveCaptcha } from '../../../test/factories.ts';
import { testConfig } from '../../../test/test-config.ts';
import { buildGroup, buildTicket, presign, ticketBody } from '../../../test/ticket-factories.ts';
const TICKETS_BUSY_MESSAGE =
  'We are receiving an unusually high number of tickets right now. Please try again in a little while.';
const UPLOADS_BUSY_MESSAGE =
  'We are receiving an unusually high number of images right now. Please try again in a little while, or send your ticket without images.';
const HOUR_MS = 60 * 60 * 1000;

describeWithApp(
  'hourly ceilings of the public form',
  (ctx) => {
    let addresses = 0;
    const nextAddress = () => `10.30.0.${++addresses}`;
    const submit = async (group: Awaited<ReturnType<typeof buildGroup>>, token?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket/public',
        payload: { ...ticketBody(group), client_email: 'karim@example.com', token: token ?? (await solveCaptcha(ctx.app)) },
        remoteAddress: nextAddress(),
      });
    const presignPublic = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/get-presigned-post/public',
        payload: { object_name: 'photo.png', token: await solveCaptcha(ctx.app) },
        remoteAddress: nextAddress(),
      });
    const count = async (table: typeof tickets | typeof uploads | typeof captchaUsed) =>
      (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

    it('counts only public tickets of the last hour', async () => {
      const group = await buildGroup(ctx.db);
      const { user } = await signedInAs(ctx.app, ctx.db);
      const longAgo = new Date(Date.now() - 2 * HOUR_MS);
      await buildTicket(ctx.db, null, { clientEmail: 'old@example.com', createdAt: longAgo });
      await buildTicket(ctx.db, null, { clientEmail: 'old@example.com', createdAt: longAgo });
      await buildTicket(ctx.db, user);
      await buildTicket(ctx.db, user);
      expect((await submit(group)).statusCode).toBe(201);
    });

    it('refuses public tickets beyond the hourly ceiling with a message a person understands, keeping the bot check unspent', async () => {
      const group = await buildGroup(ctx.db);
      await buildTicket(ctx.db, null, { clientEmail: 'recent@example.com' });
      const before = { tickets: await count(tickets), solutions: await count(captchaUsed) };
      const reply = await submit(group);
      expect(reply.statusCode).toBe(429);
      expect(reply.json()).toEqual({ code: 'rate_limited', message: TICKETS_BUSY_MESSAGE });
      expect({ tickets: await count(tickets), solutions: await count(captchaUsed) }).toEqual(before);
    });

    it('still lets signed-in users issue tickets when the public ceiling is reached', async () => {
      const group = await buildGroup(ctx.db);
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers,
        payload: ticketBody(group),
      });
      expect(reply.statusCode).toBe(201);
    });

    it('refuses public upload grants beyond the hourly ceiling of unused grants', async () => {
      await ctx.db.insert(uploads).values({
        key: `attachments/old/${crypto.randomUUID()}.png`,
        isPublic: true,
        createdAt: new Date(Date.now() - 2 * HOUR_MS),
      });
      for (let grant = 0; grant < 3; grant++) expect((await presignPublic()).statusCode).toBe(200);
      const before = await count(uploads);
      const reply = await presignPublic();
      expect(reply.statusCode).toBe(429);
      expect(reply.json()).toEqual({ code: 'rate_limited', message: UPLOADS_BUSY_MESSAGE });
      expect(await count(uploads)).toBe(before);
    });

    it('keeps signed-in upload grants out of the public ceiling', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const reply = await presign(ctx.app, headers, 'photo.png');
      expect(reply.statusCode).toBe(200);
      expect(reply.json<PresignReply>().public_url).toMatch(/^\/storage\/attachments\//);
    });
  },
  { env: { PUBLIC_TICKETS_PER_HOUR: '2', PUBLIC_UPLOADS_PER_HOUR: '3' } },
);

describe('the default ceilings', () => {
  it('are a last resort ten times above the old ones (500 tickets, 2,000 unused grants an hour)', () => {
    const { publicLimits } = testConfig();
    expect(publicLimits.ticketsPerHour).toBeGreaterThanOrEqual(5000);
    expect(publicLimits.uploadsPerHour).toBeGreaterThanOrEqual(20_000);
    // The bot check starts getting dearer long before a ceiling is near.
    expect(publicLimits.busyTicketsPerHour * 16).toBeLessThan(publicLimits.ticketsPerHour);
    expect(publicLimits.busyUploadsPerHour * 16).toBeLessThan(publicLimits.uploadsPerHour);
  });
});
