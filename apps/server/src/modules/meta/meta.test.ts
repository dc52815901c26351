import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { describeWithApp } from '../../../test/harness.ts';

describeWithApp('service endpoints', (ctx) => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('gives the SPA its brand, time zone and bot-check address', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(reply.json()).toEqual({
      brand_name: 'Switchboard',
      timezone: 'Asia/Dhaka',
      captcha: { challenge_url: '/api/v1/captcha/challenge' },
    });
  });

  it('publishes the OpenAPI document built from the shared schemas', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const paths = Object.keys(reply.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/users/generate-otp', '/api/v1/users/login', '/api/v1/users/validate-token']),
    );
  });

  it('documents the paged comments and the paged, searchable users with their query parameters', async () => {
    type Operation = { parameters?: { name: string; in: string }[] };
    const { paths } = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const query = (path: string) => (paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query('/api/v1/tickets/{id}/comments')).toEqual(['before']);
    expect(query('/api/v1/users').sort()).toEqual(['page', 'q']);
  });

  it('shows the dev outbox to loopback only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(200);
    const remote = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });

  it('shows the issuer notices sent through the console driver beside the sign-in codes', async () => {
    await ctx.app.deps.sms.send('8801712000001', 'Your code is 123456', { purpose: 'code' });
    await ctx.app.deps.sms.send('8801712000001', 'Ticket #100001 was resolved', { purpose: 'notice' });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    const sent = reply.json<{ data: { to: string; text: string; purpose: string }[] }>().data;
    expect(sent.filter((message) => message.to === '8801712000001')).toEqual([
      expect.objectContaining({ text: 'Ticket #100001 was resolved', purpose: 'notice' }),
      expect.objectContaining({ text: 'Your code is 123456', purpose: 'code' }),
    ]);
  });

  it('hides the dev outbox from loopback requests a proxy forwarded', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-client-ip': '203.0.113.9' },
      { 'true-client-ip': '203.0.113.9' },
      { 'cf-connecting-ip': '203.0.113.9' },
      { via: '1.1 proxy' },
    ]) {
      const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', headers });
      expect(reply.statusCode, JSON.stringify(headers)).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('sets the security headers on API replies', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(reply.headers['strict-transport-security']).toBeDefined();
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBeDefined();
    expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(reply.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 'not_found' });
  });
});

describeWithApp(
  'the dev outbox turned off',
  (ctx) => {
    it('does not exist, even for a bare same-host proxy that adds no header', async () => {
      const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'not_found' });
    });
  },
  { env: { DEV_OUTBOX: 'off' } },
);

describeWithApp(
  'the dev outbox in production',
  (ctx) => {
    it('does not exist', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
    });
  },
  { env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CAPTCHA_HMAC_KEY: 'y'.repeat(16), ALLOW_CONSOLE_SMS: 'on' } },
);

describe('configuration', () => {
  it('refuses production with development defaults and names what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' })).toThrow(
      /JWT_SECRET[\s\S]*CAPTCHA_HMAC_KEY[\s\S]*SMS_DRIVER/,
    );
  });

  it('keeps the dev outbox on in development and off in production, and refuses production with it on', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).devOutbox).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/x', DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/x',
      JWT_SECRET: 'x'.repeat(32),
      CAPTCHA_HMAC_KEY: 'y'.repeat(16),
      ALLOW_CONSOLE_SMS: 'on',
    };
    expect(loadConfig(production).devOutbox).toBe(false);
    expect(() => loadConfig({ ...production, DEV_OUTBOX: 'on' })).toThrow(/DEV_OUTBOX/);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0', DATA_DIR: '/tmp/x' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ SMS_DRIVER: 'http', DATA_DIR: '/tmp/x' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379', DATA_DIR: '/tmp/x' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/rate-limits', DATA_DIR: '/tmp/x' })).toThrow(/REDIS_URL/);
  });

  it('takes a Redis URL with a logical database number', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/3', DATA_DIR: '/tmp/x' }).redisUrl).toBe('redis://127.0.0.1:6379/3');
    expect(loadConfig({ REDIS_URL: '', DATA_DIR: '/tmp/x' }).redisUrl).toBeUndefined();
  });
});
