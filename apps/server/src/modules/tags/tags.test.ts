import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TAG_SUGGESTIONS_MAX, type TagSuggestionsReply, type Ticket, type UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, ticketTags } from '../../db/schema.ts';
import { listen, openEventStream, type EventStream } from '../events/events.test-support.ts';

type Headers = Record<string, string>;

describeWithApp("staff's tags on tickets (DESIGN.md §27)", (ctx) => {
  const staff = (userType: UserType = 'cc') => signedInAs(ctx.app, ctx.db, { userType });
  const ticket = async () => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    return { ticket: await buildTicket(ctx.db, issuer.user), issuer };
  };
  const setTags = (headers: Headers, ticketId: number | string, body: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1/tickets/${ticketId}/tags`, headers, payload: body as object });
  const suggest = (headers: Headers, q?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/tags', headers, query: q === undefined ? {} : { q } });
  const stored = async (ticketId: number) =>
    (await ctx.db.select({ tag: ticketTags.tag }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId)))
      .map((row) => row.tag)
      .sort();
  const view = async (headers: Headers, ticketId: number) => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    const [found] = reply.json<{ data: Ticket[] }>().data;
    if (!found) throw new Error('no ticket in the reply');
    return found;
  };
  const auditRows = (ticketId: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `ticket:${ticketId}`), eq(auditLog.action, 'ticket.tags')));
  /** A word no other test uses, so that suggestions count only this test's tickets. */
  const word = () => `w${Math.random().toString(36).slice(2, 9)}`;

  let baseUrl = '';
  const streams: EventStream[] = [];
  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('replaces the set: normalised, sorted, shown to staff, audited with what changed, announced to staff only', async () => {
    const rs = await staff('rs');
    const { ticket: tagged, issuer } = await ticket();
    const staffStream = await openEventStream(baseUrl, rs.token);
    const issuerStream = await openEventStream(baseUrl, issuer.token);
    streams.push(staffStream, issuerStream);
    await staffStream.until((stream) => stream.comments.includes('ready'));
    await issuerStream.until((stream) => stream.comments.includes('ready'));

    const reply = await setTags(rs.headers, tagged.ticketId, { tags: ['  ONU   Swap ', 'Billing', 'onu swap'] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: 'The tags are saved.', data: ['billing', 'onu swap'] });
    expect(await stored(tagged.ticketId)).toEqual(['billing', 'onu swap']);
    expect((await view(rs.headers, tagged.ticketId)).tags).toEqual(['billing', 'onu swap']);

    const changed = await setTags(rs.headers, tagged.ticketId, { tags: ['billing', 'fibre cut'] });
    expect(changed.json()).toMatchObject({ data: ['billing', 'fibre cut'] });
    const audit = await auditRows(tagged.ticketId);
    expect(audit.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { added: ['billing', 'onu swap'], removed: [] },
        { added: ['fibre cut'], removed: ['onu swap'] },
      ]),
    );
    expect(audit.every((row) => row.actorUserId === rs.user.id)).toBe(true);

    await staffStream.until((stream) => stream.events.length >= 2);
    expect(staffStream.events[0]).toEqual({ event: 'ticket.changed', data: { ticket_id: tagged.ticketId } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(issuerStream.events).toEqual([]);
  });

  it('changes nothing and records nothing for the same set; an empty list removes them all', async () => {
    const cc = await staff();
    const { ticket: tagged } = await ticket();
    await setTags(cc.headers, tagged.ticketId, { tags: ['billing'] });
    expect((await setTags(cc.headers, tagged.ticketId, { tags: ['BILLING '] })).json()).toMatchObject({ data: ['billing'] });
    expect(await auditRows(tagged.ticketId)).toHaveLength(1);
    expect((await setTags(cc.headers, tagged.ticketId, { tags: [] })).json()).toMatchObject({ data: [] });
    expect(await stored(tagged.ticketId)).toEqual([]);
    expect(await auditRows(tagged.ticketId)).toHaveLength(2);
  });

  it('stores markup as the text it is', async () => {
    const cc = await staff();
    const { ticket: tagged } = await ticket();
    const reply = await setTags(cc.headers, tagged.ticketId, { tags: ['<b>x</b>', '<script>alert(1)</script>'] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await view(cc.headers, tagged.ticketId)).tags).toEqual(['<b>x</b>', '<script>alert(1)</script>']);
  });

  it('allows 10 tags and 30 characters; refuses more, empty tags, commas and control characters with 400', async () => {
    const cc = await staff();
    const { ticket: tagged } = await ticket();
    const ten = Array.from({ length: 10 }, (_, index) => `tag ${index}`);
    expect((await setTags(cc.headers, tagged.ticketId, { tags: ten })).statusCode).toBe(200);
    expect(await stored(tagged.ticketId)).toHaveLength(10);
    expect((await setTags(cc.headers, tagged.ticketId, { tags: ['x'.repeat(30)] })).statusCode).toBe(200);
    const refusals: [unknown, string][] = [
      [{ tags: [...ten, 'tag 10'] }, 'tags: A ticket has at most 10 tags'],
      [{ tags: ['x'.repeat(31)] }, 'tags.0: A tag has at most 30 characters'],
      [{ tags: ['   '] }, 'tags.0: A tag cannot be empty'],
      [{ tags: ['a,b'] }, 'tags.0: A tag cannot hold commas or control characters'],
      [{ tags: ['a\u0007b'] }, 'tags.0: A tag cannot hold commas or control characters'],
      [{ tags: 'billing' }, 'tags: Send the tags as a list'],
      [{ tags: [7] }, 'tags.0: A tag must be text'],
      [{}, 'tags: Send the tags as a list'],
    ];
    for (const [body, message] of refusals) {
      const reply = await setTags(cc.headers, tagged.ticketId, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json(), JSON.stringify(body)).toMatchObject({ code: 'validation', message });
    }
    expect(await stored(tagged.ticketId)).toEqual(['x'.repeat(30)]);
    expect((await setTags(cc.headers, 999_999_999, { tags: ['x'] })).statusCode).toBe(404);
  });

  it('suggests the tags in use that begin with q, most used first, with their counts', async () => {
    const cc = await staff();
    const stem = word();
    const tickets = await Promise.all(Array.from({ length: 3 }, () => ticket()));
    const [a, b, c] = tickets.map((entry) => entry.ticket.ticketId);
    if (a === undefined || b === undefined || c === undefined) throw new Error('three tickets');
    await setTags(cc.headers, a, { tags: [`${stem} swap`, `${stem} cut`, 'other'] });
    await setTags(cc.headers, b, { tags: [`${stem} swap`, `${stem} cut`] });
    await setTags(cc.headers, c, { tags: [`${stem} swap`, `x${stem}`] });
    const reply = await suggest(cc.headers, ` ${stem.toUpperCase()} `);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<TagSuggestionsReply>().data).toEqual([
      { tag: `${stem} swap`, tickets: 3 },
      { tag: `${stem} cut`, tickets: 2 },
    ]);
    expect((await suggest(cc.headers, `${stem} s`)).json<TagSuggestionsReply>().data).toEqual([
      { tag: `${stem} swap`, tickets: 3 },
    ]);
    expect((await suggest(cc.headers, 'x'.repeat(31))).statusCode).toBe(400);
  });

  it('reads % and _ in q as themselves, and answers at most 20', async () => {
    const cc = await staff();
    const stem = word();
    const { ticket: wild } = await ticket();
    await setTags(cc.headers, wild.ticketId, { tags: [`${stem}%off`, `${stem}_x`, `${stem}ab`] });
    expect((await suggest(cc.headers, `${stem}%`)).json<TagSuggestionsReply>().data).toEqual([
      { tag: `${stem}%off`, tickets: 1 },
    ]);
    expect((await suggest(cc.headers, `${stem}_`)).json<TagSuggestionsReply>().data).toEqual([{ tag: `${stem}_x`, tickets: 1 }]);
    const many = await Promise.all(Array.from({ length: 3 }, () => ticket()));
    for (const [index, entry] of many.entries())
      await setTags(cc.headers, entry.ticket.ticketId, {
        tags: Array.from({ length: 10 }, (_, tag) => `${stem} ${index}-${tag}`),
      });
    expect((await suggest(cc.headers, `${stem} `)).json<TagSuggestionsReply>().data).toHaveLength(TAG_SUGGESTIONS_MAX);
    expect((await suggest(cc.headers)).json<TagSuggestionsReply>().data).toHaveLength(TAG_SUGGESTIONS_MAX);
  });

  it.each(['customer', 'agent'] as const)('refuses a %s tags and suggestions, and never shows them tags', async (userType) => {
    const cc = await staff();
    const issuer = await signedInAs(ctx.app, ctx.db, { userType });
    const own = await buildTicket(ctx.db, issuer.user);
    const refused = await setTags(issuer.headers, own.ticketId, { tags: ['mine'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'forbidden', message: 'Only staff can see and set tags.' });
    expect((await suggest(issuer.headers, 'a')).statusCode).toBe(403);
    await setTags(cc.headers, own.ticketId, { tags: ['angry caller'] });
    expect(await view(issuer.headers, own.ticketId)).not.toHaveProperty('tags');
    expect(await stored(own.ticketId)).toEqual(['angry caller']);
  });

  it('answers in Bangla when asked in Bangla', async () => {
    const cc = await staff();
    const { ticket: tagged } = await ticket();
    const bn = { ...cc.headers, 'accept-language': 'bn' };
    expect((await setTags(bn, tagged.ticketId, { tags: ['বিল'] })).json()).toEqual({
      message: 'ট্যাগ সংরক্ষণ করা হয়েছে।',
      data: ['বিল'],
    });
    expect((await setTags(bn, tagged.ticketId, { tags: ['a,b'] })).json()).toMatchObject({
      message: 'tags.0: ট্যাগে কমা বা নিয়ন্ত্রণ অক্ষর থাকতে পারে না',
    });
  });
});
