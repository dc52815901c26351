/**
 * Per-user write limits (ASVS V2.4.1 anti-automation): a customer who scripts comments or tickets
 * is stopped at its own budget, with a sentence it can read, and nothing more is stored; staff
 * and other customers keep working.
 */
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { comments, tickets } from '../../src/db/schema.ts';
import { WRITES_PER_MINUTE } from '../../src/plugins/write-limits.ts';
import { describeWithApp, type TestContext } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { buildGroup, buildTicket, ticketBody } from '../ticket-factories.ts';

const TOO_OFTEN = 'You are doing that too often. Please wait a minute and try again.';

/** A customer's ticket through the API, as a script would send it. */
function issueTicket(
  ctx: TestContext,
  headers: Record<string, string>,
  group: Awaited<ReturnType<typeof buildGroup>>,
  title: string,
) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/issue-ticket', headers, payload: ticketBody(group, { title }) });
}

describeWithApp('per-user write limits', (ctx) => {
  const commentsOn = async (ticketId: number) =>
    (await ctx.db.select({ n: count() }).from(comments).where(eq(comments.ticketId, ticketId)))[0]?.n ?? 0;

  const comment = (headers: Record<string, string>, ticketId: number, text: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers,
      remoteAddress: '198.51.100.40',
      payload: { ticket_id: ticketId, message: text },
    });

  it('stops a customer at its comment budget with 429 rate_limited and stores nothing more; others write on', async () => {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const ticket = await buildTicket(ctx.db, customer.user);
    const budget = WRITES_PER_MINUTE.comment.others;
    for (let i = 0; i < budget; i++)
      expect((await comment(customer.headers, ticket.ticketId, `Comment ${i}`)).statusCode).toBe(201);
    const refused = await comment(customer.headers, ticket.ticketId, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_OFTEN, code: 'rate_limited' });
    expect(await commentsOn(ticket.ticketId)).toBe(budget);

    // Another customer behind the same address has a budget of its own.
    const neighbour = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const own = await buildTicket(ctx.db, neighbour.user);
    expect((await comment(neighbour.headers, own.ticketId, 'Hello')).statusCode).toBe(201);

    // Staff are not limited at a customer's number.
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    for (let i = 0; i < budget * 2; i++)
      expect((await comment(staff.headers, ticket.ticketId, `Reply ${i}`)).statusCode).toBe(201);
    expect(await commentsOn(ticket.ticketId)).toBe(budget * 3);
  });

  it('counts refused requests too: bad JSON, a body over the limit, U+0000 and a blank comment cost the same budget', async () => {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const ticket = await buildTicket(ctx.db, customer.user);
    const budget = WRITES_PER_MINUTE.comment.others;
    const raw = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/add-comment',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        remoteAddress: '198.51.100.40',
        payload,
      });
    // The wide body of the incident: 180,000 attachments, 0.7 MB.
    const wide = JSON.stringify({
      ticket_id: ticket.ticketId,
      message: 'hi',
      attachments: Array.from({ length: 180_000 }, () => ''),
    });
    const refusals = [
      () => comment(customer.headers, ticket.ticketId, '   '),
      () => comment(customer.headers, ticket.ticketId, 'nul \u0000'),
      () => raw('{"not json'),
      () => raw(wide),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < budget; i++) {
      const send = refusals[i % refusals.length];
      if (send) statuses.push((await send()).statusCode);
    }
    expect(statuses).toHaveLength(budget);
    expect(new Set(statuses)).toEqual(new Set([400, 413]));
    const refused = await comment(customer.headers, ticket.ticketId, 'A real comment, one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_OFTEN, code: 'rate_limited' });
    expect((await raw(wide)).statusCode).toBe(429);
    expect(await commentsOn(ticket.ticketId)).toBe(0);
  });

  it('stops a customer at its ticket budget', async () => {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const group = await buildGroup(ctx.db, { name: 'Write limit group' });
    const issue = () => issueTicket(ctx, customer.headers, group, 'Scripted ticket');
    const budget = WRITES_PER_MINUTE.ticket.others;
    for (let i = 0; i < budget; i++) expect((await issue()).statusCode).toBe(201);
    const refused = await issue();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_OFTEN, code: 'rate_limited' });
    const stored = await ctx.db.select({ n: count() }).from(tickets).where(eq(tickets.issuerUserId, customer.user.id));
    expect(stored[0]?.n).toBe(budget);
  });
});

describeWithApp(
  'per-user write limits scaled for load runs',
  (ctx) => {
    it('multiplies every budget by WRITE_LIMIT_SCALE', async () => {
      const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
      const group = await buildGroup(ctx.db, { name: 'Scaled limit group' });
      const issue = () => issueTicket(ctx, customer.headers, group, 'Load-run ticket');
      const budget = WRITES_PER_MINUTE.ticket.others * 2;
      for (let i = 0; i < budget; i++) expect((await issue()).statusCode).toBe(201);
      expect((await issue()).statusCode).toBe(429);
    });
  },
  { env: { WRITE_LIMIT_SCALE: '2' } },
);
