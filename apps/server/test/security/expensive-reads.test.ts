/**
 * Reads that cost the database seconds (a text search of the whole desk, the dashboard of 90 days)
 * once let one staff account hold the pool: an rs account running `q=ul` on 12 connections made a
 * colleague's plain list and /readyz answer 503. Now a search needs a text of three characters or
 * more, each account has a budget of such reads a minute, a process runs only a few of them at
 * once, each statement has a time limit, and a search counts at most 1,001 matches.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { SEARCH_COUNT_LIMIT, TEXT_SEARCH_MIN_LENGTH, type TicketListReply } from '@switchboard/shared';
import { turnsFor } from '../../src/lib/expensive-reads.ts';
import { say } from '../../src/lib/messages.ts';
import { READS_PER_MINUTE } from '../../src/plugins/write-limits.ts';
import { describeWithApp, type TestContext } from '../harness.ts';
import { signedInAs } from '../factories.ts';

type Headers = Record<string, string>;

const list = (ctx: TestContext, headers: Headers, query: Record<string, string> = {}, page = 1) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/tickets/user-type-wise-tickets/${page}?${new URLSearchParams(query).toString()}`,
    headers,
  });

const dashboard = (ctx: TestContext, headers: Headers, days = 90) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/dashboard?days=${days}`, headers });

/** `count` tickets whose title holds `word`, inserted in one statement. */
async function manyTickets(ctx: TestContext, count: number, word: string): Promise<void> {
  await ctx.db.execute(sql`insert into tickets (title, description, problematic_number, issued_to, issuer_user_type, group_name)
    select ${word} || ' ' || i, 'Down', '8801700000000', 'cc', 'customer', 'Internet' from generate_series(1, ${count}) i`);
}

describeWithApp('expensive reads: the search text and the per-user budget', (ctx) => {
  it(`refuses a search text of fewer than ${TEXT_SEARCH_MIN_LENGTH} characters, which no trigram index serves`, async () => {
    const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    for (const q of ['u', 'ul', ' ul ']) {
      const reply = await list(ctx, rs.headers, { q });
      expect(reply.statusCode, q).toBe(400);
      expect(reply.json()).toMatchObject({
        code: 'validation',
        details: { q: `Search text has at least ${TEXT_SEARCH_MIN_LENGTH} characters` },
      });
    }
    expect((await list(ctx, rs.headers, { q: 'ull' })).statusCode).toBe(200);
  });

  it('stops one account at its search budget with 429; plain lists and other accounts go on', async () => {
    const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    const budget = READS_PER_MINUTE.search.staff;
    for (let i = 0; i < budget; i++) expect((await list(ctx, rs.headers, { q: `word${i}` })).statusCode).toBe(200);
    const refused = await list(ctx, rs.headers, { q: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'You are searching too often. Please wait a minute and try again.',
      code: 'rate_limited',
    });
    const inBangla = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tickets/user-type-wise-tickets/1?q=router',
      headers: { ...rs.headers, 'accept-language': 'bn' },
    });
    expect(inBangla.json()).toEqual({ message: say('bn', 'tickets.searchTooOften'), code: 'rate_limited' });
    expect(say('bn', 'tickets.searchTooOften')).toMatch(/[\u0980-\u09FF]/);
    // A list without a text costs little and is not counted.
    expect((await list(ctx, rs.headers)).statusCode).toBe(200);
    expect((await list(ctx, rs.headers, { status: 'open' })).statusCode).toBe(200);
    // A colleague has a budget of their own.
    const colleague = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    expect((await list(ctx, colleague.headers, { q: 'router' })).statusCode).toBe(200);
  });

  it('stops one account at its dashboard budget with 429', async () => {
    const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const budget = READS_PER_MINUTE.dashboard.staff;
    for (let i = 0; i < budget; i++) expect((await dashboard(ctx, cc.headers)).statusCode).toBe(200);
    const refused = await dashboard(ctx, cc.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    const colleague = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    expect((await dashboard(ctx, colleague.headers)).statusCode).toBe(200);
  });
});

describeWithApp('expensive reads: the capped count of a search', (ctx) => {
  it(`counts at most ${SEARCH_COUNT_LIMIT.toLocaleString('en-US')} matches and says the total is capped`, async () => {
    const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    await manyTickets(ctx, SEARCH_COUNT_LIMIT + 20, 'Fibrecut');
    await manyTickets(ctx, 30, 'Copperloss');

    const first = (await list(ctx, cc.headers, { q: 'fibrecut' })).json<TicketListReply>();
    expect(first).toMatchObject({ total_tickets: SEARCH_COUNT_LIMIT, total_is_capped: true, next_page: 2 });
    expect(first.data.map((row) => row.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Fibrecut ${SEARCH_COUNT_LIMIT + 20 - i}`),
    );
    // The last page within the cap, and past it: no more rows, the same capped total.
    const lastPage = SEARCH_COUNT_LIMIT / 10;
    const last = (await list(ctx, cc.headers, { q: 'fibrecut' }, lastPage)).json<TicketListReply>();
    expect(last).toMatchObject({ total_tickets: SEARCH_COUNT_LIMIT, total_is_capped: true, next_page: null });
    expect(last.data).toHaveLength(10);
    const past = (await list(ctx, cc.headers, { q: 'fibrecut' }, lastPage + 1)).json<TicketListReply>();
    expect(past).toMatchObject({ data: [], total_tickets: SEARCH_COUNT_LIMIT, total_is_capped: true });

    // Two words each in more tickets than are counted (their streams merged on the ticket), alone or
    // with a condition on the tickets; a rare word with a common one reads the rare word's tickets.
    const both = (await list(ctx, cc.headers, { q: 'down fibrecut' })).json<TicketListReply>();
    expect(both).toMatchObject({ total_tickets: SEARCH_COUNT_LIMIT, total_is_capped: true });
    expect(both.data.map((row) => row.title)).toEqual(first.data.map((row) => row.title));
    const open = (await list(ctx, cc.headers, { q: 'fibrecut down', status: 'open' })).json<TicketListReply>();
    expect(open.data.map((row) => row.title)).toEqual(first.data.map((row) => row.title));
    expect((await list(ctx, cc.headers, { q: 'fibrecut down', status: 'closed' })).json()).toMatchObject({ total_tickets: 0 });
    expect((await list(ctx, cc.headers, { q: 'down copperloss' })).json()).toMatchObject({ total_tickets: 30 });
    // Fewer matches are counted exactly.
    const few = (await list(ctx, cc.headers, { q: 'copperloss' })).json<TicketListReply>();
    expect(few).toMatchObject({ total_tickets: 30, total_is_capped: false });
    expect((await list(ctx, cc.headers, { q: 'copperloss' }, 9)).json()).toMatchObject({
      data: [],
      total_tickets: 30,
      total_is_capped: false,
    });
  });
});

/** Keeps the searches waiting on PostgreSQL: a lock on the dictionary of words, which a search reads and a plain list does not. */
async function lockTicketTerms(ctx: TestContext, ms: number): Promise<{ released: Promise<void> }> {
  const { connectionString } = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options;
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query('begin');
  await client.query('lock table ticket_terms in access exclusive mode');
  const released = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(async () => {
    await client.query('rollback');
    await client.end();
  });
  return { released };
}

describeWithApp(
  'expensive reads: a share of the pool and a time limit',
  (ctx) => {
    it('answers 503 busy to a search past its time limit (PostgreSQL), and only to it', async () => {
      if (ctx.kind === 'pglite') return; // PGlite has no statement timeout: its one connection runs one statement at a time.
      const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
      const colleague = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const held = await lockTicketTerms(ctx, 3000);
      const started = Date.now();
      const search = list(ctx, rs.headers, { q: 'router' });
      // While the search waits, a colleague's plain list and the readiness check answer.
      expect((await list(ctx, colleague.headers)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const reply = await search;
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({
        message: 'That search took too long. Please narrow it down and try again.',
        code: 'busy',
      });
      expect(Date.now() - started).toBeLessThan(2500);
      await held.released;
      expect((await list(ctx, rs.headers, { q: 'router' })).statusCode).toBe(200);
    });

    it('runs one expensive read at a time here; one more waits briefly, then answers 503 busy; plain reads go on', async () => {
      const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
      const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      // Another expensive read holds the process's one turn.
      const turns = turnsFor(ctx.app.deps.reads, ctx.config.expensiveReads.concurrent);
      expect(await turns.take(0)).toBe(true);
      try {
        const started = Date.now();
        const search = await list(ctx, rs.headers, { q: 'modem' });
        expect(search.statusCode).toBe(503);
        expect(search.json()).toEqual({
          message: 'Too many searches are running right now. Please try again in a moment.',
          code: 'busy',
        });
        expect(Date.now() - started).toBeGreaterThanOrEqual(190);
        const board = await dashboard(ctx, cc.headers);
        expect(board.statusCode).toBe(503);
        expect(board.json()).toEqual({ message: 'The dashboard is busy right now. Please try again in a moment.', code: 'busy' });
        // A plain list and the readiness check need no turn.
        expect((await list(ctx, rs.headers)).statusCode).toBe(200);
        expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      } finally {
        turns.give();
      }
      expect((await list(ctx, rs.headers, { q: 'modem' })).statusCode).toBe(200);
      expect((await dashboard(ctx, cc.headers)).statusCode).toBe(200);
      expect(turns.running).toBe(0);
    });

    it('gives a waiting read the turn that comes free', async () => {
      const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
      const turns = turnsFor(ctx.app.deps.reads, ctx.config.expensiveReads.concurrent);
      expect(await turns.take(0)).toBe(true);
      setTimeout(() => turns.give(), 50);
      expect((await list(ctx, rs.headers, { q: 'modem' })).statusCode).toBe(200);
      expect(turns.running).toBe(0);
    });
  },
  { env: { EXPENSIVE_READS_MAX: '1', EXPENSIVE_READ_WAIT_MS: '200', EXPENSIVE_READ_TIMEOUT_MS: '1000' } },
);
