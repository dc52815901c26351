/**
 * Ticket ids and e-mail addresses are read strictly (ASVS V2.2.1, V1.5.x): a ticket id is a decimal
 * integer in range wherever it is read (body, path, query), never a hex, exponent, array or
 * padded spelling that a loose coercion would turn into some other ticket; an e-mail address has
 * at most 254 characters (RFC 5321).
 */
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { comments, tickets } from '../../src/db/schema.ts';
import { describeWithApp } from '../harness.ts';
import { signedInAs, solveCaptcha } from '../factories.ts';
import { buildGroup, buildTicket, ticketBody } from '../ticket-factories.ts';

/** 100001 spelled in ways JavaScript's Number() would accept. */
const LOOSE_IDS: unknown[] = [
  '0x186a1',
  '100.001e3',
  '1000010e-1',
  ' 100001',
  '100001 ',
  '+100001',
  '1_00001',
  '',
  [100001],
  ['100001'],
  true,
  100001.5,
  2 ** 53,
  '9007199254740993',
  -1,
  0,
];

describeWithApp('strict ids and addresses', (ctx) => {
  let staff: Record<string, string> = {};
  let ticketId = 0;
  beforeAll(async () => {
    staff = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    ticketId = (await buildTicket(ctx.db, null, { issuedTo: 'cc', ticketStatus: 'open' })).ticketId;
    expect(ticketId).toBe(100001);
  });

  const countOf = async (table: typeof comments | typeof tickets) => (await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  it('refuses every loose spelling of a ticket id in a body, and takes a JSON integer', async () => {
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: staff,
      payload: { ticket_id: ticketId, message: 'Looked at it' },
    });
    expect(body.statusCode, body.body).toBe(201);
    const before = await countOf(comments);
    const answers: string[] = [];
    for (const id of LOOSE_IDS) {
      for (const [url, payload] of [
        ['/api/v1/tickets/add-comment', { ticket_id: id, message: 'Loose id' }],
        ['/api/v1/tickets/resolve-ticket', { ticket_id: id }],
        [
          '/api/v1/tickets/forward-ticket',
          { ticket_id: id, previously_issued_to: 'cc', newly_issued_to: 'rs', forward_cause: 'Loose id' },
        ],
      ] as const) {
        const reply = await ctx.app.inject({ method: 'POST', url, headers: staff, payload });
        if (reply.statusCode !== 400 || reply.json<{ code: string }>().code !== 'validation')
          answers.push(`${url} ${JSON.stringify(id)} → ${reply.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    expect(await countOf(comments)).toBe(before);
  });

  it('refuses every loose spelling of a ticket id in a path and in a query, and takes decimal digits', async () => {
    const path = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers: staff });
    expect(path.statusCode).toBe(200);
    const answers: string[] = [];
    for (const id of LOOSE_IDS.filter(
      (value): value is string | number => typeof value === 'string' || typeof value === 'number',
    )) {
      const spelled = encodeURIComponent(String(id));
      for (const url of [
        `/api/v1/tickets/get-ticket-by-id/${spelled}`,
        `/api/v1/tickets/user-type-wise-tickets/1?ticket_id=${spelled}`,
      ]) {
        if (url.endsWith('=')) continue; // an empty filter means no filter
        const reply = await ctx.app.inject({ method: 'GET', url, headers: staff });
        if (reply.statusCode !== 400 && !(url.includes('get-ticket-by-id/') && spelled === '' && reply.statusCode === 404)) {
          answers.push(`${url} → ${reply.statusCode}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });

  it('refuses a public ticket whose e-mail address is longer than 254 characters', async () => {
    const group = await buildGroup(ctx.db, { name: 'Strict address group' });
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example.com`;
    const issue = async (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket/public',
        remoteAddress: '198.51.100.77',
        payload: { ...ticketBody(group, { title: 'Long address' }), client_email: email, token: await solveCaptcha(ctx.app) },
      });
    const before = await countOf(tickets);
    const tooLong = `${'a'.repeat(255 - 1 - domain.length)}@${domain}`;
    expect(tooLong).toHaveLength(255);
    const refused = await issue(tooLong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation',
      details: { client_email: 'An email address has at most 254 characters' },
    });
    expect(await countOf(tickets)).toBe(before);
    const longest = `${'a'.repeat(254 - 1 - domain.length)}@${domain}`;
    expect((await issue(longest)).statusCode).toBe(201);
  });
});
