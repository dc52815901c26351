/**
 * Security headers on every reply (ASVS V3.4.1–V3.4.6, V3.3.x): each endpoint of the app, answered
 * to a stranger and to a signed-in admin, successes and refusals alike, the docs pages, the SPA
 * pages and the error replies of the framework itself. Stored files carry their own sandbox CSP.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { uploadImage } from '../ticket-factories.ts';
import { reportBody } from './access-requests.ts';
import { fillPath, injectStreamAware, listEndpoints, type Endpoint } from './endpoints.ts';

const HAS_SPA = existsSync(fileURLToPath(new URL('../../../web/dist/index.html', import.meta.url)));

/** The directives of a Content-Security-Policy header. */
function directivesOf(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What is wrong with the headers of one reply ([] when nothing). */
function problemsOf(reply: Pick<LightMyRequestResponse, 'headers'>, storedFile = false): string[] {
  const problems: string[] = [];
  const header = (name: string) => {
    const value = reply.headers[name];
    return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
  };
  const csp = header('content-security-policy') ?? '';
  if (storedFile) {
    if (!directivesOf(csp).has('sandbox')) problems.push(`CSP without sandbox: ${csp}`);
  } else {
    const directives = directivesOf(csp);
    const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
    if (scripts.length === 0) problems.push('CSP without script-src');
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
      if (scripts.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
    }
    for (const [name, value] of [
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['frame-ancestors', "'none'"],
    ] as const) {
      if (directives.get(name)?.join(' ') !== value) problems.push(`${name} is ${directives.get(name)?.join(' ') ?? 'missing'}`);
    }
  }
  const hsts = /max-age=(\d+)/.exec(header('strict-transport-security') ?? '');
  if (!hsts || Number(hsts[1]) < 31_536_000 || !/includeSubDomains/i.test(header('strict-transport-security') ?? '')) {
    problems.push(`HSTS is ${header('strict-transport-security') ?? 'missing'}`);
  }
  if (header('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  const referrer = header('referrer-policy') ?? '';
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer)) {
    problems.push(`Referrer-Policy is ${referrer || 'missing'}`);
  }
  if (header('cross-origin-opener-policy') !== 'same-origin') problems.push('COOP is not same-origin');
  if (header('x-powered-by') !== undefined) problems.push('X-Powered-By is set');
  if (header('server') !== undefined) problems.push(`Server is ${header('server')}`);
  return problems;
}

describeWithApp('security headers', (ctx) => {
  let admin: Record<string, string> = {};
  let attachment = '';
  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    attachment = await uploadImage(ctx.app, admin);
  });

  /** Replies whose headers are wrong, as `request → problems`. */
  type HeaderRequest = InjectOptions & { storedFile?: boolean; endpoint?: Endpoint };
  async function headerProblems(requests: HeaderRequest[]): Promise<string[]> {
    const found: string[] = [];
    for (const { storedFile, endpoint, ...request } of requests) {
      // An event stream's 200 stays open: its headers are read, then it is closed.
      const reply = await injectStreamAware(ctx.app, endpoint, request);
      const problems = problemsOf(reply, storedFile);
      const url = typeof request.url === 'string' ? request.url : JSON.stringify(request.url);
      if (problems.length > 0) found.push(`${String(request.method)} ${url} (${reply.statusCode}): ${problems.join('; ')}`);
    }
    return found;
  }

  it('sets them on every endpoint, for strangers and for a signed-in admin', async () => {
    const requests: HeaderRequest[] = [];
    for (const endpoint of listEndpoints(ctx.app)) {
      const storedFile = endpoint.path.startsWith('/storage/') && endpoint.method === 'GET';
      const url = fillPath(endpoint.path, {
        id: '1',
        page: '1',
        groupId: 'x',
        subId: 'x',
        '*': attachment.replace('/storage/', ''),
      });
      for (const headers of [{}, admin]) {
        const body = endpoint.method === 'GET' ? {} : { payload: {} };
        requests.push({ method: endpoint.method, url, headers, storedFile, endpoint, ...body });
      }
    }
    expect(requests.length).toBeGreaterThan(60);
    expect(await headerProblems(requests)).toEqual([]);
  });

  it('sets them on the replies of the framework itself: unknown paths, bad JSON, big bodies, rate limits', async () => {
    const tooMany = Array.from({ length: 125 }, () => ({
      method: 'GET' as const,
      url: '/api/v1/captcha/challenge',
      remoteAddress: '192.0.2.7',
    }));
    for (const request of tooMany) await ctx.app.inject(request);
    expect(
      await headerProblems([
        { method: 'GET', url: '/api/v1/nothing-here' },
        { method: 'PATCH', url: '/api/v1/users' },
        { method: 'POST', url: '/api/v1/groups', headers: { ...admin, 'content-type': 'application/json' }, payload: '{"a":' },
        { method: 'POST', url: '/api/v1/groups', headers: { ...admin, 'content-type': 'text/xml' }, payload: '<a/>' },
        {
          method: 'POST',
          url: '/api/v1/groups',
          headers: { ...admin, 'content-type': 'application/json' },
          payload: 'x'.repeat(2_000_000),
        },
        { method: 'GET', url: '/api/v1/captcha/challenge', remoteAddress: '192.0.2.7' },
        { method: 'HEAD', url: '/api/v1/config' },
        { method: 'OPTIONS', url: '/api/v1/config' },
        { method: 'GET', url: '/storage/attachments/2026/01/missing.png' },
      ]),
    ).toEqual([]);
    const limited = await ctx.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge', remoteAddress: '192.0.2.7' });
    expect(limited.statusCode).toBe(429);
  });

  it('forbids caching of every API reply and of report links, refusals included', async () => {
    const uncached: string[] = [];
    const check = async (request: InjectOptions & { url: string }, endpoint?: Endpoint) => {
      const reply = await injectStreamAware(ctx.app, endpoint, request);
      const cacheControl = String(reply.headers['cache-control'] ?? '');
      if (!/\bno-store\b/.test(cacheControl))
        uncached.push(`${String(request.method)} ${request.url} (${reply.statusCode}): ${cacheControl}`);
    };
    for (const endpoint of listEndpoints(ctx.app).filter((endpoint) => endpoint.path.startsWith('/api/v1/'))) {
      const url = fillPath(endpoint.path, { id: '1', page: '1', groupId: 'x', subId: 'x', number: '01712345678' });
      for (const headers of [{}, admin, { authorization: 'Bearer not-a-token' }]) {
        await check({ method: endpoint.method, url, headers, ...(endpoint.method === 'GET' ? {} : { payload: {} }) }, endpoint);
      }
    }
    const report = await ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/report', headers: admin, payload: reportBody() });
    const link = new URL(report.json<{ public_url: string }>().public_url, 'http://localhost');
    for (const url of [
      `${link.pathname}${link.search}`,
      link.pathname,
      `${link.pathname}?expires=1&signature=forged`,
      '/storage/reports/2026/01/missing.xlsx',
      '/storage/%72eports/2026/01/missing.xlsx',
    ]) {
      await check({ method: 'GET', url });
    }
    expect(uncached).toEqual([]);
  });

  it('sets them on the API docs pages, with the same strict policy', async () => {
    expect(
      await headerProblems([
        { method: 'GET', url: '/api/docs' },
        { method: 'GET', url: '/api/docs/' },
        { method: 'GET', url: '/api/docs/static/swagger-initializer.js' },
        { method: 'GET', url: '/api/docs/json' },
      ]),
    ).toEqual([]);
  });

  it.skipIf(!HAS_SPA)(
    'sets them on the pages of the web app, and answers a missing file with 404, not the app page',
    async () => {
      const pages = ['/', '/tickets?page=1', '/view-ticket?id=100001', '/create-ticket', '/report', '/user-info', '/logo.svg'];
      expect(await headerProblems(pages.map((url) => ({ method: 'GET', url })))).toEqual([]);
      const index = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(index.headers['content-type']).toMatch(/^text\/html/);
      // The page itself has no inline script for the policy to allow.
      expect(index.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
      for (const url of ['/assets/missing-chunk.js', '/favicon.ico', '/robots.txt']) {
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    },
  );

  it.skipIf(!HAS_SPA)(
    "keeps the app's hashed files a year without asking again, and revalidates the page and other files",
    async () => {
      const index = await ctx.app.inject({ method: 'GET', url: '/tickets?page=1' });
      expect(index.headers['cache-control']).toBe('no-cache');
      const script = /<script[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
      if (!script) throw new Error('the page names no script under /assets');
      for (const encoding of ['br', 'gzip', 'identity']) {
        const served = await ctx.app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': encoding } });
        expect(served.statusCode, encoding).toBe(200);
        expect(served.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
      }
      const logo = await ctx.app.inject({ method: 'GET', url: '/logo.svg' });
      expect(logo.headers['cache-control']).not.toMatch(/immutable/);
    },
  );

  it.skipIf(!HAS_SPA)("names a route's scripts in its page, each served, and answers an unchanged page with 304", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/view-ticket?id=100001' });
    const scripts = [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect((await ctx.app.inject({ method: 'GET', url: script ?? '' })).statusCode, script).toBe(200);
    }
    const etag = page.headers.etag;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/view-ticket?id=100002',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
