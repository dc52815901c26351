import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createConsoleSms } from '../lib/sms.ts';
import { logLines } from '../../test/log-lines.ts';
import { testConfig } from '../../test/test-config.ts';
import { openTestDatabase } from '../../test/test-databases.ts';

const log = logLines();
/** A built web app of the test's own: the public port then answers unknown paths with its page. */
const webDist = mkdtempSync(path.join(tmpdir(), 'switchboard-request-id-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>desk</title>');

/** The parsed log lines of one request id. */
function linesOf(id: string): Record<string, unknown>[] {
  return log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.request_id === id);
}

describe('request ids', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), database, {
      logger: { level: 'info', stream: log.stream },
      sms: createConsoleSms(() => undefined),
      webhooks: { autostart: false, resolve: async () => [] },
      broadcasts: { autostart: false },
      satisfaction: { autostart: false },
      jobs: { autostart: false },
      webDist,
    });
    // A route that fails as a bug would: its error's log line must carry the id too.
    app.get('/api/v1/test-failure', async () => {
      throw new Error('a failure for the test');
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("keeps a client's well-formed id, on the reply and on every log line of the request, the error's too", async () => {
    const id = 'balancer-7f3a.91_c';
    const reply = await app.inject({ method: 'GET', url: '/api/v1/test-failure', headers: { 'x-request-id': id } });
    expect(reply.statusCode).toBe(500);
    expect(reply.headers['x-request-id']).toBe(id);
    const lines = linesOf(id);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request failed', 'request completed']);
    expect(lines.find((line) => line.msg === 'request failed')?.level).toBe(50);
  });

  it('gives a request without an id a fresh one, on the reply and its log lines', async () => {
    const reply = await app.inject({ method: 'GET', url: '/healthz' });
    const id = String(reply.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(id).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces a malformed, short or huge client id with a fresh one', async () => {
    for (const given of [
      'short',
      'has space in it',
      'new\\nline-injected',
      'x'.repeat(65),
      'a'.repeat(10_000),
      '<script>alert(1)</script>',
    ]) {
      const reply = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
      const id = String(reply.headers['x-request-id']);
      expect(id).not.toBe(given);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(log.lines.join('')).not.toContain(given);
    }
  });

  it('answers /metrics on the public port with a 404, not the web page', async () => {
    const page = await app.inject({ method: 'GET', url: '/tickets' });
    expect(page.headers['content-type']).toContain('text/html');
    for (const url of ['/metrics', '/metrics/', '/metrics?x=1']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
