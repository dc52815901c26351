/**
 * A stranger costs the server almost nothing (ASVS V8.3.1, V13.1.3 resource limits): every
 * signed-in route turns an anonymous request away in onRequest, before its body is read or its
 * input checked, and no body may nest deeper than the JSON parser's limit.
 */
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { comments } from '../../src/db/schema.ts';
import { MAX_JSON_DEPTH } from '../../src/plugins/json-body.ts';
import { describeWithApp } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { buildTicket } from '../ticket-factories.ts';
import { fillPath, listEndpoints } from './endpoints.ts';

const TOO_DEEP_MESSAGE = `The request nests more than ${MAX_JSON_DEPTH} levels deep.`;

/** `{"a":{"a":…1…}}` nested `depth` levels deep. */
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A comment whose attachments hold nested arrays; 450,000 deep (almost a megabyte) was the old worst case. */
const deepComment = (ticketId: number, depth = 450_000) => {
  return `{"ticket_id":${ticketId},"message":"hi","attachments":${'['.repeat(depth)}${']'.repeat(depth)}}`;
};

const json = { 'content-type': 'application/json' };

describeWithApp('what a stranger costs', (ctx) => {
  let customer = { headers: {} as Record<string, string> };
  let ticketId = 0;
  beforeAll(async () => {
    const signedIn = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    customer = signedIn;
    ticketId = (await buildTicket(ctx.db, signedIn.user)).ticketId;
  });

  const storedComments = async () => (await ctx.db.select({ n: count() }).from(comments))[0]?.n ?? 0;

  it('answers an anonymous, deeply nested body to a signed-in route with 401, before parsing or checking it', async () => {
    const before = await storedComments();
    const started = performance.now();
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: json,
      payload: deepComment(ticketId),
    });
    const elapsed = performance.now() - started;
    // 401, not the 400 of the parser or of the schemas: neither ran.
    expect(reply.statusCode, `${reply.body} after ${Math.round(elapsed)} ms`).toBe(401);
    expect(reply.json()).toMatchObject({ code: 'unauthorized' });
    expect(await storedComments()).toBe(before);
  });

  it('refuses a body nested deeper than the limit with 400 bad_request, even from a signed-in user, counting only real brackets', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: { ...customer.headers, ...json },
      payload: deepComment(ticketId),
    });
    // Almost a megabyte is over the route's body limit: refused before it is parsed.
    expect(reply.statusCode).toBe(413);
    const withinLimit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: { ...customer.headers, ...json },
      payload: deepComment(ticketId, 30_000),
    });
    expect(withinLimit.statusCode).toBe(400);
    expect(withinLimit.json()).toEqual({ message: TOO_DEEP_MESSAGE, code: 'bad_request' });

    const justTooDeep = `{"ticket_id":${ticketId},"message":"hi","extra":${nestedObject(MAX_JSON_DEPTH)}}`;
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: { ...customer.headers, ...json },
      payload: justTooDeep,
    });
    expect(refused.json()).toEqual({ message: TOO_DEEP_MESSAGE, code: 'bad_request' });

    // Brackets and escaped quotes inside strings are text, not nesting.
    const message = `"quoted \\" [[[[ ${'['.repeat(100)}${'{'.repeat(100)}`;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: { ...customer.headers, ...json },
      payload: JSON.stringify({ ticket_id: ticketId, message }),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('turns strangers away from every signed-in endpoint before reading their body, path or query', async () => {
    const endpoints = listEndpoints(ctx.app).filter((endpoint) => endpoint.signedIn);
    expect(endpoints.length).toBeGreaterThan(20);
    const answers: Record<string, number> = {};
    for (const endpoint of endpoints) {
      // Every part of the request is malformed: a route that checked it first would answer 400.
      const url = `${fillPath(endpoint.path, { id: 'x', page: 'x', groupId: 'x', subId: 'x', number: 'x' })}?page=x&before=x&q=`;
      const reply = await ctx.app.inject({
        method: endpoint.method,
        url,
        headers: json,
        ...(endpoint.method === 'GET' ? {} : { payload: '{"unfinished":' }),
      });
      answers[endpoint.key] = reply.statusCode;
    }
    expect(answers).toEqual(Object.fromEntries(endpoints.map((endpoint) => [endpoint.key, 401])));
  });
});
