/**
 * Forged session tokens (ASVS V9.1.1, V9.1.2, V9.1.3, V9.2.1): only HS256 signed with the app's
 * secret counts. `alg: none`, other algorithms, keys the token brings along (`jwk`, `jku`, `x5u`,
 * `kid`) and the HS/RS confusion all fail; header fields that could pick a key are ignored and
 * never fetched.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTHeaderParameters } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../harness.ts';
import { signedInAs } from '../factories.ts';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A JWT put together by hand, so that nothing stops a malformed header or algorithm. */
function handMade(header: object, claims: object, sign: (input: string) => string): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${sign(input)}`;
}

const hmac = (algorithm: string, key: string | Buffer) => (input: string) =>
  createHmac(algorithm, key).update(input).digest('base64url');

describeWithApp('forged session tokens', (ctx) => {
  /** A server a token's header might point at: it must never be called. */
  const keyServer = { calls: 0, server: null as Server | null, url: '' };
  beforeAll(async () => {
    keyServer.server = createServer((_request, response) => {
      keyServer.calls += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}');
    });
    await new Promise<void>((resolve) => keyServer.server?.listen(0, '127.0.0.1', resolve));
    keyServer.url = `http://127.0.0.1:${(keyServer.server.address() as AddressInfo).port}/keys.json`;
  });
  afterAll(() => new Promise<void>((resolve) => (keyServer.server ? keyServer.server.close(() => resolve()) : resolve())));

  const validate = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: { authorization: `Bearer ${token}` } });

  /** Claims of a real user, promoted: what a forger would write. */
  async function claimsOfAnAdmin() {
    const { user } = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const now = Math.floor(Date.now() / 1000);
    return {
      sub: user.id,
      ver: user.tokenVersion,
      user_type: 'cc',
      role: 'admin',
      name: 'Forger',
      number: user.productNumber,
      iat: now,
      exp: now + 3600,
    };
  }

  it('refuses alg none in every spelling', async () => {
    const claims = await claimsOfAnAdmin();
    for (const alg of ['none', 'None', 'NONE', 'nOnE', '']) {
      for (const signature of ['', 'x']) {
        const reply = await validate(handMade({ alg, typ: 'JWT' }, claims, () => signature));
        expect(reply.statusCode, `${alg} ${signature}`).toBe(401);
      }
    }
  });

  it("refuses other HMAC algorithms even with the app's own secret", async () => {
    const claims = await claimsOfAnAdmin();
    for (const [alg, hash] of [
      ['HS384', 'sha384'],
      ['HS512', 'sha512'],
    ] as const) {
      expect((await validate(handMade({ alg, typ: 'JWT' }, claims, hmac(hash, ctx.config.jwtSecret)))).statusCode).toBe(401);
    }
  });

  it('refuses tokens signed with a key the token brings along (jwk, jku, x5u)', async () => {
    const claims = await claimsOfAnAdmin();
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = await exportJWK(publicKey);
    const headers: JWTHeaderParameters[] = [
      { alg: 'RS256', jwk },
      { alg: 'RS256', jku: keyServer.url, kid: 'attacker' },
      { alg: 'RS256', x5u: keyServer.url },
    ];
    for (const header of headers) {
      const token = await new SignJWT(claims).setProtectedHeader(header).sign(privateKey);
      expect((await validate(token)).statusCode, JSON.stringify(header)).toBe(401);
    }
    for (const alg of ['PS256', 'ES256', 'EdDSA']) {
      const pair = await generateKeyPair(alg);
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg, jwk: await exportJWK(pair.publicKey) })
        .sign(pair.privateKey);
      expect((await validate(token)).statusCode, alg).toBe(401);
    }
    expect(keyServer.calls).toBe(0);
  });

  it('refuses the HS/RS confusion: HS256 keyed with a public key, or with nothing', async () => {
    const claims = await claimsOfAnAdmin();
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    const pem = Buffer.from(JSON.stringify(await exportJWK(publicKey)));
    for (const key of [pem, Buffer.alloc(0), Buffer.from('secret'), Buffer.from('null')]) {
      expect((await validate(handMade({ alg: 'HS256', typ: 'JWT' }, claims, hmac('sha256', key)))).statusCode).toBe(401);
    }
  });

  it('refuses a kid that points at a file the forger can predict', async () => {
    const claims = await claimsOfAnAdmin();
    for (const kid of ['../../../../../../dev/null', '/dev/null', "' UNION SELECT 'key", 'jwt']) {
      for (const key of [Buffer.alloc(0), Buffer.from('key')]) {
        const token = handMade({ alg: 'HS256', typ: 'JWT', kid }, claims, hmac('sha256', key));
        expect((await validate(token)).statusCode, kid).toBe(401);
      }
    }
  });

  it('ignores kid, jku and x5u on a token the app signed itself, and fetches nothing', async () => {
    const { user, token } = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    const [, payload = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const header = { alg: 'HS256', typ: 'JWT', kid: '../../dev/null', jku: keyServer.url, x5u: keyServer.url };
    const reply = await validate(handMade(header, claims, hmac('sha256', ctx.config.jwtSecret)));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ user: { _id: user.id, user_type: 'rs' } });
    expect(keyServer.calls).toBe(0);
  });

  it('refuses claims changed after signing, and a token of another app', async () => {
    const { token } = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const [header = '', payload = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const promoted = base64url(JSON.stringify({ ...claims, role: 'admin', user_type: 'cc' }));
    expect((await validate(`${header}.${promoted}.${signature}`)).statusCode).toBe(401);
    const otherApp = handMade({ alg: 'HS256', typ: 'JWT' }, claims, hmac('sha256', 'another-deployment-secret-of-32-chars!!'));
    expect((await validate(otherApp)).statusCode).toBe(401);
  });

  it('takes rights from the database, not from the claims of a valid token', async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const claims = {
      sub: user.id,
      ver: user.tokenVersion,
      user_type: 'cc',
      role: 'admin',
      name: 'x',
      number: user.productNumber,
    };
    const now = Math.floor(Date.now() / 1000);
    const token = handMade(
      { alg: 'HS256', typ: 'JWT' },
      { ...claims, iat: now, exp: now + 60 },
      hmac('sha256', ctx.config.jwtSecret),
    );
    // Even a token the app would sign with wrong claims gives only the account's own rights.
    const users = await ctx.app.inject({ method: 'GET', url: '/api/v1/users', headers: { authorization: `Bearer ${token}` } });
    expect(users.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users', headers })).statusCode).toBe(403);
  });
});
