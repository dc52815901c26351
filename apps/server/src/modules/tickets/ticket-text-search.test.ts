import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { searchWordsOf, TEXT_SEARCH_MAX_LENGTH, type TicketListReply } from '@switchboard/shared';
import { comments, ticketTerms, tickets } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';

type Headers = Record<string, string>;

describeWithApp('the text search of the ticket list', (ctx) => {
  const people: Record<string, { user: UserRow; headers: Headers }> = {};
  const ids: Record<string, number> = {};
  const bulk: number[] = [];

  /** A ticket of `issuer` with this title and description, `minutes` after a fixed start. */
  async function ticket(
    name: string,
    issuer: string,
    title: string,
    description: string,
    minutes: number,
    status?: 'open' | 'closed',
  ) {
    const row = await buildTicket(ctx.db, people[issuer]?.user ?? null, {
      title,
      ticketStatus: status,
      createdAt: new Date(Date.UTC(2026, 2, 1, 0, minutes)),
    });
    await ctx.db.update(tickets).set({ description }).where(eq(tickets.ticketId, row.ticketId));
    ids[name] = row.ticketId;
    return row.ticketId;
  }
  async function comment(name: string, author: string, message: string, isInternal = false) {
    const user = people[author]?.user;
    if (!user) throw new Error(author);
    await ctx.db.insert(comments).values({
      ticketId: ids[name] ?? 0,
      commenterUserId: user.id,
      commenterName: user.name,
      commenterUserType: user.userType,
      message,
      isInternal,
    });
  }

  beforeAll(async () => {
    for (const [name, userType] of [
      ['customerA', 'customer'],
      ['customerB', 'customer'],
      ['agentA', 'agent'],
      ['cc', 'cc'],
      ['rs', 'rs'],
    ] as const) {
      people[name] = await signedInAs(ctx.app, ctx.db, { userType, name });
    }
    await ticket('router', 'customerA', 'Router keeps dropping', 'The line is down since morning', 1);
    await comment('router', 'cc', 'Please restart the router once');
    await ticket('bangla', 'customerA', 'বিল নিয়ে সমস্যা', 'আমার ইন্টারনেট সংযোগ খুব ধীর', 2);
    await ticket('modem', 'customerB', 'Slow line', 'Nothing else to say', 3);
    await comment('modem', 'cc', 'The modem was replaced yesterday');
    await comment('modem', 'rs', 'Escalate to fibreteam, cable cut near the pole', true);
    await ticket('agents', 'agentA', 'SIM not working', 'No signal at all', 4);
    await comment('agents', 'cc', 'Kangaroo court of the vendor again', true);
    await ticket('escaped', 'customerA', 'Offer 100% off', 'The discount_code a\\b fails', 5, 'closed');
    await ticket('lookalike', 'customerB', 'Offer 100 off', 'The discountXcode fails, grab it', 6);
    for (let i = 0; i < 12; i++) bulk.push(await ticket(`bulk${i}`, 'customerB', `Bulkword number ${i}`, 'Many alike', 10 + i));
  }, 60_000);

  const list = (who: string, query: Record<string, string>, page = 1) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/${page}?${new URLSearchParams(query).toString()}`,
      headers: people[who]?.headers ?? {},
    });
  /** The ticket names a viewer finds (first page), newest first. */
  async function found(who: string, query: Record<string, string>): Promise<string[]> {
    const reply = await list(who, query);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<TicketListReply>();
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    expect(body.total_tickets).toBe(body.data.length);
    return body.data.map((row) => names[row.ticket_id] ?? String(row.ticket_id));
  }

  it('finds words and parts of words in titles and descriptions, whatever their case', async () => {
    expect(await found('cc', { q: 'router' })).toEqual(['router']);
    expect(await found('cc', { q: 'OUTE' })).toEqual(['router']);
    expect(await found('cc', { q: 'since morn' })).toEqual(['router']);
    expect(await found('cc', { q: 'no such words anywhere' })).toEqual([]);
  });

  it('finds Bangla words and parts of words', async () => {
    expect(await found('cc', { q: 'সমস্যা' })).toEqual(['bangla']);
    expect(await found('cc', { q: 'ইন্টার' })).toEqual(['bangla']);
    expect(await found('customerA', { q: 'সংযোগ' })).toEqual(['bangla']);
  });

  it("finds a comment's words, and a ticket once even when several places match", async () => {
    expect(await found('cc', { q: 'modem' })).toEqual(['modem']);
    expect(await found('customerB', { q: 'replaced yest' })).toEqual(['modem']);
    expect(await found('cc', { q: 'router' })).toEqual(['router']);
  });

  it("finds an internal note's words for staff only, never for the ticket's customer or agent", async () => {
    expect(await found('cc', { q: 'fibreteam' })).toEqual(['modem']);
    expect(await found('rs', { q: 'fibreteam' })).toEqual(['modem']);
    expect(await found('customerB', { q: 'fibreteam' })).toEqual([]);
    expect(await found('cc', { q: 'kangaroo' })).toEqual(['agents']);
    expect(await found('agentA', { q: 'kangaroo' })).toEqual([]);
    // Their own ticket's public text is found.
    expect(await found('agentA', { q: 'signal' })).toEqual(['agents']);
  });

  it('searches only the own tickets of customers and agents', async () => {
    expect(await found('customerA', { q: 'modem' })).toEqual([]);
    expect(await found('agentA', { q: 'router' })).toEqual([]);
    expect(await found('customerB', { q: 'Offer' })).toEqual(['lookalike']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await found('cc', { q: '100%' })).toEqual(['escaped']);
    expect(await found('cc', { q: 't_c' })).toEqual(['escaped']);
    expect(await found('cc', { q: 'a\\b' })).toEqual(['escaped']);
    expect(await found('cc', { q: '%%%' })).toEqual([]);
  });

  it('combines with the other filters', async () => {
    expect(await found('cc', { q: 'offer', status: 'closed' })).toEqual(['escaped']);
    expect(await found('cc', { q: 'offer', status: 'open' })).toEqual(['lookalike']);
    expect(await found('cc', { q: 'fails offer', status: 'open' })).toEqual(['lookalike']);
    expect(await found('cc', { q: 'fails offer', sort: 'priority' })).toHaveLength(2);
    expect(await found('customerA', { q: 'offer', status: 'open' })).toEqual([]);
    expect(await found('cc', { q: 'router', ticket_id: String(ids.modem) })).toEqual([]);
  });

  it('pages the matches, newest first', async () => {
    const first = (await list('cc', { q: 'bulkword' })).json<TicketListReply>();
    expect(first.total_tickets).toBe(12);
    expect(first.next_page).toBe(2);
    const second = (await list('cc', { q: 'bulkword' }, 2)).json<TicketListReply>();
    expect([...first.data, ...second.data].map((row) => row.ticket_id)).toEqual([...bulk].reverse());
    expect(second).toMatchObject({ total_tickets: 12, previous_page: 1, next_page: null });
    // Past the last match no row carries the count: it is counted apart.
    const past = (await list('cc', { q: 'bulkword' }, 5)).json<TicketListReply>();
    expect(past).toMatchObject({ data: [], total_tickets: 12, total_pages: 2, previous_page: 2, next_page: null });
  });

  it('finds every word of the text in any order, each anywhere in the ticket', async () => {
    expect(await found('cc', { q: 'dropping router' })).toEqual(['router']);
    // "router" and "dropping" are in the title, "restart" in a comment.
    expect(await found('cc', { q: 'RESTART, dropp…' })).toEqual(['router']);
    expect(await found('customerA', { q: 'once morning' })).toEqual(['router']);
    expect(await found('cc', { q: 'router modem' })).toEqual([]);
    // A word of an internal note counts for staff, and only for them.
    expect(await found('cc', { q: 'slow fibreteam' })).toEqual(['modem']);
    expect(await found('customerB', { q: 'slow fibreteam' })).toEqual([]);
  });

  it('sorts the matches as asked, and combines them with a filter that reads every ticket', async () => {
    const oldest = (await list('cc', { q: 'bulkword', sort: 'created', order: 'asc' })).json<TicketListReply>();
    expect(oldest.data.map((row) => row.ticket_id)).toEqual(bulk.slice(0, 10));
    expect(oldest.total_tickets).toBe(12);
    const byPriority = (await list('cc', { q: 'bulkword', sort: 'priority' })).json<TicketListReply>();
    expect(byPriority.data).toHaveLength(10);
    expect(byPriority.total_tickets).toBe(12);
    expect(await found('cc', { q: 'offer', issued_to: 'cc' })).toEqual(['lookalike', 'escaped']);
  });

  it('follows every write: a new title, an edited or moved comment, a note made internal', async () => {
    const [words] = await ctx.db
      .insert(comments)
      .values({ ticketId: ids.bangla ?? 0, commenterName: 'x', commenterUserType: 'cc', message: 'Zebracrossing near the shop' })
      .returning();
    expect(await found('customerA', { q: 'zebracross' })).toEqual(['bangla']);
    // An erasure rewrites a comment: its words go.
    await ctx.db
      .update(comments)
      .set({ message: 'Quokka' })
      .where(eq(comments.id, words?.id ?? ''));
    expect(await found('cc', { q: 'zebracross' })).toEqual([]);
    expect(await found('cc', { q: 'quokka' })).toEqual(['bangla']);
    // Nor does the dictionary keep a word no ticket has any more.
    expect(await ctx.db.select().from(ticketTerms).where(eq(ticketTerms.term, 'zebracrossing'))).toEqual([]);
    // Made an internal note (a merge between two issuers does): staff still find it, the customer not.
    await ctx.db
      .update(comments)
      .set({ isInternal: true })
      .where(eq(comments.id, words?.id ?? ''));
    expect(await found('cc', { q: 'quokka' })).toEqual(['bangla']);
    expect(await found('customerA', { q: 'quokka' })).toEqual([]);
    // Moved to another ticket (a merge): it is found there, no longer here.
    await ctx.db
      .update(comments)
      .set({ ticketId: ids.modem ?? 0 })
      .where(eq(comments.id, words?.id ?? ''));
    expect(await found('cc', { q: 'quokka' })).toEqual(['modem']);
    // A new title replaces the old one's words.
    await ctx.db
      .update(tickets)
      .set({ title: 'Wombat on the line' })
      .where(eq(tickets.ticketId, ids.bangla ?? 0));
    expect(await found('cc', { q: 'wombat' })).toEqual(['bangla']);
    expect(await found('cc', { q: 'সমস্যা' })).toEqual([]);
    await ctx.db
      .update(tickets)
      .set({ title: 'বিল নিয়ে সমস্যা' })
      .where(eq(tickets.ticketId, ids.bangla ?? 0));
    expect(await found('cc', { q: 'wombat' })).toEqual([]);
  });

  it('keeps a word public while a public comment still has it', async () => {
    await comment('agents', 'cc', 'Platypus seen at the tower', true);
    expect(await found('agentA', { q: 'platypus' })).toEqual([]);
    await comment('agents', 'cc', 'The platypus is gone');
    expect(await found('agentA', { q: 'platypus' })).toEqual(['agents']);
    expect(await found('cc', { q: 'platypus tower' })).toEqual(['agents']);
    expect(await found('agentA', { q: 'platypus tower' })).toEqual([]);
  });

  it('splits a text into words as the browser marks them (searchWordsOf)', async () => {
    const sample = 'Router—keeps, RESTARTING! (OLT port) 100%_off a\\b "quoted" দাঁড়ি। শেষ… e-mail’s x/y [z] restarting';
    const rows = await ctx.db.select({ word: sql<string>`word` }).from(sql`words_of(${sample}) as word`);
    expect(rows.map((row) => row.word).sort()).toEqual(searchWordsOf(sample).sort());
  });

  it('refuses a text of one or two or of more than 100 characters, and ignores an empty one', async () => {
    for (const q of ['a', ' a ', 'ab', ' ab ', 'x'.repeat(TEXT_SEARCH_MAX_LENGTH + 1)]) {
      const reply = await list('cc', { q });
      expect(reply.statusCode, q).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(/Search text/);
    }
    expect((await list('cc', { q: 'abc' })).statusCode).toBe(200);
    expect((await list('cc', { q: 'x'.repeat(TEXT_SEARCH_MAX_LENGTH) })).statusCode).toBe(200);
    expect((await list('cc', { q: '' })).json<TicketListReply>().total_tickets).toBe(Object.keys(ids).length);
  });
});
