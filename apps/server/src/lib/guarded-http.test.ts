import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedPost, resolveCheckedAddress, UrlRefused, type Resolver } from './guarded-http.ts';

const closed = { allowPrivate: false, allowHttp: false };

describe('the guarded client', () => {
  let server: http.Server;
  let port = 0;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.headers.host ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses http, and any address that is not public', async () => {
    const publicOnly: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(resolveCheckedAddress(new URL('http://example.com/'), closed, publicOnly)).rejects.toMatchObject({
      reason: 'not_https',
    });
    await expect(resolveCheckedAddress(new URL('https://169.254.169.254/'), closed, publicOnly)).rejects.toMatchObject({
      reason: 'not_public',
    });
    await expect(resolveCheckedAddress(new URL('https://[::ffff:127.0.0.1]/'), closed, publicOnly)).rejects.toBeInstanceOf(
      UrlRefused,
    );
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(resolveCheckedAddress(new URL('https://mixed.example/'), closed, mixed)).rejects.toMatchObject({
      reason: 'not_public',
    });
    expect(await resolveCheckedAddress(new URL('https://ok.example/'), closed, publicOnly)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('connects to the address it checked, not to what the name resolves to a moment later (DNS rebinding)', async () => {
    // A rebinding resolver: public for the check, loopback for any later lookup.
    let lookups = 0;
    const rebinding: Resolver = async () => {
      lookups += 1;
      return lookups === 1 ? [{ address: '203.0.113.10', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    };
    const before = hits.length;
    // Private addresses refused, http allowed: the only way to the loopback receiver is a second lookup.
    await expect(
      guardedPost({
        url: `http://rebind.example:${port}/hook`,
        headers: {},
        body: '{}',
        timeoutMs: 1500,
        maxReplyBytes: 1024,
        policy: { allowPrivate: false, allowHttp: true },
        resolve: rebinding,
      }),
    ).rejects.toThrow();
    expect(lookups).toBe(1);
    expect(hits.length).toBe(before);
  });

  it('reaches a receiver on loopback when private addresses are allowed', async () => {
    const reply = await guardedPost({
      url: `http://localhost:${port}/hook`,
      headers: {},
      body: '{}',
      timeoutMs: 2000,
      maxReplyBytes: 1024,
      policy: { allowPrivate: true, allowHttp: true },
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(reply).toEqual({ statusCode: 200, body: 'ok' });
  });
});
