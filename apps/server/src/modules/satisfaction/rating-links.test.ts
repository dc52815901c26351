/**
 * The rating page's endpoints (DESIGN.md §25) against hostile use: a token that was altered, signed
 * with another secret, expired or already used is refused with a clear 4xx and changes nothing; a
 * token rates only the ticket it names; the comment comes once, within its window, after a rating
 * by that link; no answer sets a cookie; each address has its limit.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PUBLIC_RATINGS_PER_IP_PER_HOUR } from '../../plugins/write-limits.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { ticketRatings } from '../../db/schema.ts';
import { signRatingToken } from './rating-token.ts';
import { rateAuditOf, ratingCalls, ratingOf } from './satisfaction.test-support.ts';

const DAY_MS = 24 * 60 * 60_000;

describeWithApp('rating by link', (ctx) => {
  const calls = () => ratingCalls(ctx.app);
  const tokenOf = (ticketId: number, at = new Date()) => signRatingToken(ctx.config.satisfaction.linkSecret, ticketId, at);
  const solvedTicket = () =>
    buildTicket(ctx.db, null, { clientEmail: 'link@example.com', ticketStatus: 'closed', issuedTo: 'rs' });

  it('records the rating for the holder, audits it and offers the comment window', async () => {
    const ticket = await solvedTicket();
    const reply = await calls().rate(tokenOf(ticket.ticketId), 5, '198.51.100.20');
    expect(reply.statusCode, reply.body).toBe(200);
    const { data } = reply.json();
    expect(data).toMatchObject({ ticket_id: ticket.ticketId, score: 5 });
    expect(Date.parse(data.comment_until) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await ratingOf(ctx.db, ticket.ticketId)).toMatchObject({
      score: 5,
      channel: 'email',
      department: 'rs',
      comment: null,
    });
    const audit = await rateAuditOf(ctx.db, ticket.ticketId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: null, ip: '198.51.100.20', details: { score: 5, channel: 'email' } });
  });

  it('refuses a reused token with 409 and keeps the first rating', async () => {
    const ticket = await solvedTicket();
    const token = tokenOf(ticket.ticketId);
    expect((await calls().rate(token, 2)).statusCode).toBe(200);
    const again = await calls().rate(token, 5);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: `Ticket #${ticket.ticketId} has already been rated. Thank you!`,
    });
    expect(await ratingOf(ctx.db, ticket.ticketId)).toMatchObject({ score: 2 });
    expect(await rateAuditOf(ctx.db, ticket.ticketId)).toHaveLength(1);
  });

  it('refuses an altered token, one for another ticket and one of another secret with 400, changing nothing', async () => {
    const ticket = await solvedTicket();
    const other = await solvedTicket();
    const token = tokenOf(ticket.ticketId);
    const [id, expires, signature = ''] = token.split('.');
    const forged = [
      `${id}.${expires}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      `${other.ticketId}.${expires}.${signature}`,
      `${id}.${Number(expires) + 86_400}.${signature}`,
      signRatingToken('another secret', other.ticketId, new Date()),
      `${id}.${expires}`,
    ];
    for (const bad of forged) {
      const reply = await calls().rate(bad, 1);
      expect(reply.statusCode, bad).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('not valid') });
    }
    expect(await ratingOf(ctx.db, ticket.ticketId)).toBeUndefined();
    expect(await ratingOf(ctx.db, other.ticketId)).toBeUndefined();
  });

  it('refuses an expired token with 410, changing nothing', async () => {
    const ticket = await solvedTicket();
    const reply = await calls().rate(tokenOf(ticket.ticketId, new Date(Date.now() - 8 * DAY_MS)), 3);
    expect(reply.statusCode).toBe(410);
    expect(reply.json()).toMatchObject({ code: 'gone', message: expect.stringContaining('7 days') });
    expect(await ratingOf(ctx.db, ticket.ticketId)).toBeUndefined();
  });

  it('refuses a link once the ticket was rated by SMS', async () => {
    const ticket = await solvedTicket();
    await ctx.db.insert(ticketRatings).values({ ticketId: ticket.ticketId, score: 4, channel: 'sms', department: 'rs' });
    expect((await calls().rate(tokenOf(ticket.ticketId), 1)).statusCode).toBe(409);
    expect((await calls().comment(tokenOf(ticket.ticketId), 'Why?')).statusCode).toBe(409);
    expect(await ratingOf(ctx.db, ticket.ticketId)).toMatchObject({ score: 4, comment: null });
  });

  it('takes one comment within the window after a rating by the same link', async () => {
    const ticket = await solvedTicket();
    const token = tokenOf(ticket.ticketId);
    expect((await calls().comment(token, 'Before rating')).statusCode).toBe(409);
    await calls().rate(token, 3);
    const first = await calls().comment(token, '  The technician came late.  ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ data: { ticket_id: ticket.ticketId } });
    const second = await calls().comment(token, 'And another thing');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('60 minutes') });
    expect(await ratingOf(ctx.db, ticket.ticketId)).toMatchObject({ comment: 'The technician came late.' });
    expect((await calls().comment(`${token}x`, 'Forged')).statusCode).toBe(400);
  });

  it('closes the comment window after an hour', async () => {
    const ticket = await solvedTicket();
    const token = tokenOf(ticket.ticketId);
    await calls().rate(token, 1);
    await ctx.db
      .update(ticketRatings)
      .set({ ratedAt: sql`now() - interval '61 minutes'` })
      .where(eq(ticketRatings.ticketId, ticket.ticketId));
    expect((await calls().comment(token, 'Too late')).statusCode).toBe(409);
    expect(await ratingOf(ctx.db, ticket.ticketId)).toMatchObject({ comment: null });
  });

  it('sets no cookie, whatever it answers', async () => {
    const ticket = await solvedTicket();
    const token = tokenOf(ticket.ticketId);
    for (const reply of [
      await calls().rate(token, 4),
      await calls().rate(token, 4),
      await calls().rate('1.2.3', 4),
      await calls().comment(token, 'Fine'),
    ])
      expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('limits each address per hour', async () => {
    const address = ctx.kind === 'pglite' ? '203.0.113.201' : '203.0.113.202';
    for (let n = 0; n < PUBLIC_RATINGS_PER_IP_PER_HOUR; n += 1)
      expect((await calls().rate('1.2.forged', 4, address)).statusCode).toBe(400);
    const over = await calls().rate('1.2.forged', 4, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    expect((await calls().rate('1.2.forged', 4, '203.0.113.203')).statusCode).toBe(400);
  });
});
