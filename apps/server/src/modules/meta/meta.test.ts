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

  it('shows the dev outbox to loopback only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(200);
    const remote = await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
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

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMS_DRIVER: 'http', DATA_DIR: '/tmp/x' })).toThrow(/SMS_HTTP_URL/);
  });
});
