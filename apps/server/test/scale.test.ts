/**
 * The query shapes behind the ticket list and the ticket view must be served by indexes
 * (DESIGN.md §10): on 20,000 tickets with fresh statistics, no plan reads the tickets, comments or
 * forward_events tables from end to end. Not timed; a dropped or unusable index fails here. The
 * statements are the repository's own, recorded from its query builder.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ticketListQuerySchema, type TicketListQuery } from '@switchboard/shared';
import { listLatestComments, listNewestCommentsWithTotal } from '../src/modules/comments/comments.repository.ts';
import { listForwardChainPage, listForwardHistory } from '../src/modules/forwarding/forwarding.repository.ts';
import { filterForViewer, orderForViewer } from '../src/modules/tickets/ticket-list.service.ts';
import { listTicketPage } from '../src/modules/tickets/ticket-list.repository.ts';
import { findTicketWithIssuer } from '../src/modules/tickets/tickets.repository.ts';
import { findTicketView } from '../src/modules/tickets/ticket-view.repository.ts';
import { suggestTags } from '../src/modules/tags/tags.repository.ts';
import { listNumberEvents, listNumberTickets, readNumberTickets } from '../src/modules/tickets/number-history.repository.ts';
import {
  findIncidentView,
  listIncidentTickets,
  listSuggestions,
  listUnlinkedTicketsOfSubgroup,
} from '../src/modules/incidents/incidents.repository.ts';
import type { TicketReader } from '../src/modules/tickets/tickets.service.ts';
import { countBacklog } from '../src/modules/dashboard/dashboard.repository.ts';
import { readDashboard } from '../src/modules/dashboard/dashboard.service.ts';
import { describeWithApp } from './harness.ts';
import type { Db } from '../src/db/client.ts';
import { nodesBesideInitPlans, nodesOf, planReader, record, rowsOf, uuidFrom, type PlanNode } from './query-plans.ts';
import { BUSY_NUMBER, BUSY_TICKETS, CORPUS, TICKETS, TIMEZONE } from './scale-corpus.ts';

describeWithApp('query plans at scale', (ctx) => {
  const { explain, seqScanned, replay } = planReader(() => ctx.db);

  const BIG_TABLES = ['tickets', 'comments', 'forward_events', 'users'];

  it('fills 20,000 tickets and their comments by SQL', async () => {
    for (const statement of CORPUS) await ctx.db.execute(sql.raw(statement));
    const counted = await rowsOf<{ n: number }>(ctx.db.execute(sql`select count(*)::int as n from tickets`));
    expect(counted[0]?.n).toBe(TICKETS + BUSY_TICKETS);
  }, 180_000);

  const staff: TicketReader = { id: '00000000-0000-4000-8000-000000000001', user_type: 'cc' };
  const customer: TicketReader = { id: '00000000-0000-4000-8000-000000000002', user_type: 'customer' };
  const agent: TicketReader = { id: '00000000-0000-4000-8000-000000000003', user_type: 'agent' };
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const group = uuidFrom('g0');
  const subgroup = uuidFrom('g0-0'.replace('g', 's'));

  const shapes: [name: string, viewer: typeof staff, query: Partial<Record<keyof TicketListQuery, string>>, page?: number][] = [
    ['no filter', staff, {}],
    ['no filter, page 50', staff, {}, 50],
    ['status', staff, { status: 'open' }],
    ['a common status', staff, { status: 'closed' }],
    ['issued to', staff, { issued_to: 'rs' }],
    ['issuer type', staff, { issuer_user_type: 'agent' }],
    ['group', staff, { group_id: group }],
    ['subgroup', staff, { sub_group_id: subgroup }],
    ['date range', staff, { start_date: monthAgo, end_date: today }],
    ['ticket id search', staff, { ticket_id: '110000' }],
    ['number search', staff, { problematic_number: '01712' }],
    [
      'a combination',
      staff,
      { issuer_user_type: 'customer', issued_to: 'cc', status: 'open', group_id: group, start_date: monthAgo },
    ],
    ["a customer's own tickets", customer, { status: 'open' }],
    ["an agent's number search", agent, { problematic_number: '0171' }],
    ['text search', staff, { q: 'fibre cut' }],
    ['text search with a status', staff, { q: 'fibre cut', status: 'closed' }],
    ["a customer's text search", customer, { q: 'fibre cut' }],
    ['overdue', staff, { overdue: 'true' }],
    ['overdue and issued to', staff, { overdue: 'true', issued_to: 'rs' }],
    // The orders of DESIGN.md §30, both ways, alone, on the working queue and with other filters.
    ['priority', staff, { sort: 'priority' }],
    ['priority, lowest first, page 50', staff, { sort: 'priority', order: 'asc' }, 50],
    ['last change', staff, { sort: 'activity' }],
    ['last change, oldest first, page 50', staff, { sort: 'activity', order: 'asc' }, 50],
    ['due time', staff, { sort: 'due', order: 'asc' }],
    ['due time, latest first', staff, { sort: 'due', order: 'desc' }],
    ['due time, page 50', staff, { sort: 'due', order: 'asc' }, 50],
    ['oldest first', staff, { sort: 'created', order: 'asc' }],
    ['open tickets by priority', staff, { status: 'open', sort: 'priority' }],
    ['open tickets by last change', staff, { status: 'open', sort: 'activity', order: 'asc' }],
    ['open tickets by due time', staff, { status: 'in_progress', sort: 'due', order: 'desc' }],
    ['a group by priority', staff, { group_id: group, sort: 'priority' }],
    ['issued to, by due time', staff, { issued_to: 'rs', sort: 'due' }],
    ['a priority filter', staff, { priority: 'urgent' }],
    ['a priority filter by last change', staff, { priority: 'urgent', status: 'open', sort: 'activity' }],
    ['text search by priority', staff, { q: 'fibre cut', sort: 'priority' }],
    // Ratings (DESIGN.md §25): the few low ones from their partial index, every rated one by a probe.
    ['a low rating', staff, { rating: 'low' }],
    ['a low rating, page 5', staff, { rating: 'low' }, 5],
    ['any rating', staff, { rating: 'any' }],
    ['a low rating of a department', staff, { rating: 'low', issued_to: 'cc', status: 'closed' }],
    // Tags (DESIGN.md §27): a rare one from ticket_tags_tag, a common one by probing the newest tickets.
    ['a rare tag', staff, { tag: 'onu swap' }],
    ['a rare tag, page 3', staff, { tag: 'onu swap' }, 3],
    ['a common tag', staff, { tag: 'billing' }],
    ['a common tag, page 50', staff, { tag: 'billing' }, 50],
    ['a tag and a status', staff, { tag: 'billing', status: 'open' }],
  ];

  for (const [name, viewer, query, page = 1] of shapes) {
    it(`serves the list by ${name} from indexes`, async () => {
      const parsed = ticketListQuerySchema.parse(query);
      const filter = filterForViewer(viewer, parsed, TIMEZONE);
      const order = orderForViewer(viewer, parsed);
      const run = (db: Db) => listTicketPage(db, filter, (page - 1) * 10, 10, order);
      // A text search looks up its words' terms first (run on the corpus), then sends its page.
      const statements =
        query.q === undefined ? await record(run) : (await replay(run)).filter((statement) => statement.text.includes('matched'));
      // The first page and its count are one statement (the count an InitPlan), as is a text search; later pages send two.
      const together = page === 1 || query.q !== undefined;
      expect(statements).toHaveLength(together ? 1 : 2);
      const countQuery = statements.find((statement) => statement.text.includes('count('));
      const pageQuery = together ? countQuery : statements.find((statement) => statement !== countQuery);
      if (!pageQuery || !countQuery) throw new Error('expected a count query and a page query');
      // The page (newest first, 10 rows) must come from an index as the planner chooses freely.
      const pageScans = nodesBesideInitPlans(await explain(pageQuery, false)).filter((node) => node['Node Type'] === 'Seq Scan');
      expect(
        pageScans.map((node) => node['Relation Name']),
        pageQuery.text,
      ).not.toContain('tickets');
      expect(await seqScanned(countQuery, true), countQuery.text).not.toContain('tickets');
    });
  }

  // Each order of the whole list walks its own index (from the other end for pages past the middle), never sorting the table.
  it.each([
    ['priority', 'desc', 1, 'tickets_priority'],
    ['priority', 'asc', 5, 'tickets_priority'],
    ['activity', 'desc', 1, 'tickets_activity'],
    ['activity', 'asc', 5, 'tickets_activity'],
    ['due', 'asc', 1, 'tickets_due_first'],
    ['due', 'asc', 5, 'tickets_due_first'],
    ['due', 'desc', 1, 'tickets_due_last'],
    ['due', 'desc', 5, 'tickets_due_last'],
  ] as const)('pages sort=%s order=%s (page %i) from %s', async (sort, direction, page, index) => {
    const statements = await record((db) => listTicketPage(db, {}, (page - 1) * 10, 10, { sort, direction }));
    const pageQuery = statements.find((statement) => statement.text.includes('"sort_value"'));
    if (!pageQuery) throw new Error('expected a page query');
    const nodes = nodesBesideInitPlans(await explain(pageQuery, false));
    expect(
      nodes.map((node) => node['Index Name']),
      pageQuery.text,
    ).toContain(index);
    expect(
      nodes.filter((node) => node['Node Type'] === 'Sort' && nodes.some((other) => other['Relation Name'] === 'tickets')).length,
    ).toBeLessThanOrEqual(1);
  });

  // The working queue by priority: the unsolved tickets' own index, not the solved ones stepped over.
  it('pages the open tickets by priority from their own index', async () => {
    const filter = filterForViewer(staff, ticketListQuerySchema.parse({ status: 'open' }), TIMEZONE);
    const statements = await record((db) => listTicketPage(db, filter, 0, 10, { sort: 'priority', direction: 'desc' }));
    const [pageQuery] = statements;
    if (!pageQuery) throw new Error('expected a page query');
    const used = nodesBesideInitPlans(await explain(pageQuery, false)).map((node) => node['Index Name']);
    expect(used, pageQuery.text).toContain('tickets_unsolved_priority');
  });

  // Past due is a range of a due-order index (only unsolved tickets have a due time), whatever else the page asks.
  // The few low ratings are read from their partial index, not probed ticket by ticket (DESIGN.md §25).
  it('finds the low-rated tickets from ticket_ratings_low', async () => {
    const filter = filterForViewer(staff, ticketListQuerySchema.parse({ rating: 'low' }), TIMEZONE);
    const [pageQuery] = await record((db) => listTicketPage(db, filter, 0, 10));
    if (!pageQuery) throw new Error('expected a page query');
    const used = nodesOf(await explain(pageQuery, false)).map((node) => node['Index Name']);
    expect(used, pageQuery.text).toContain('ticket_ratings_low');
  });

  it("finds a rare tag's tickets from ticket_tags_tag, and suggests tags from it", async () => {
    const filter = filterForViewer(staff, ticketListQuerySchema.parse({ tag: 'onu swap' }), TIMEZONE);
    const [pageQuery] = await record((db) => listTicketPage(db, filter, 0, 10));
    if (!pageQuery) throw new Error('expected a page query');
    const used = nodesOf(await explain(pageQuery, false)).map((node) => node['Index Name']);
    expect(used, pageQuery.text).toContain('ticket_tags_tag');
    const [suggestions] = await record((db) => suggestTags(db, 'onu', 20));
    if (!suggestions) throw new Error('expected a suggestions query');
    const plan = nodesOf(await explain(suggestions, false));
    // A range of the index, the prefix's part only, not the whole index read through.
    const read: (PlanNode & { 'Index Cond'?: string }) | undefined = plan.find(
      (node) => node['Index Name'] === 'ticket_tags_tag',
    );
    expect(read?.['Index Cond'], suggestions.text).toContain('onu');
    expect(plan.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
  });

  it('counts overdue tickets from the due-time index', async () => {
    const filter = filterForViewer(staff, ticketListQuerySchema.parse({ overdue: 'true' }), TIMEZONE);
    const statements = await record((db) => listTicketPage(db, filter, 0, 10));
    const countQuery = statements.find((statement) => statement.text.includes('count('));
    if (!countQuery) throw new Error('expected a count query');
    const used = nodesOf(await explain(countQuery, false)).map((node) => node['Index Name']);
    expect(
      used.some((index) => index === 'tickets_due_first' || index === 'tickets_due_last'),
      countQuery.text,
    ).toBe(true);
  });

  // Each figure of the dashboard (reports avoided too) is a range of an index; none reads the tickets
  // from end to end.
  it.each([1, 30, 90])('serves the dashboard over %i days from indexes', async (days) => {
    const statements = await record((db) => readDashboard(db, days, TIMEZONE));
    // Seven of tickets and incidents, the ratings per department (DESIGN.md §25) and the reports
    // avoided by help articles (§28).
    expect(statements).toHaveLength(9);
    for (const statement of statements) {
      const scanned = await seqScanned(statement);
      for (const table of [...BIG_TABLES, 'incidents']) expect(scanned, statement.text).not.toContain(table);
    }
  });

  // The backlog counts every unsolved ticket: from the covering index, without reading their rows.
  it('counts the backlog from its covering index', async () => {
    const [backlog, ...others] = await record((db) => countBacklog(db));
    if (!backlog || others.length > 0) throw new Error('expected one statement for the backlog');
    const used = nodesOf(await explain(backlog, false)).map((node) => node['Index Name']);
    expect(used, backlog.text).toContain('tickets_backlog');
  });

  const textSearchPlans = async (viewer: TicketReader, q: string) => {
    const filter = filterForViewer(viewer, ticketListQuerySchema.parse({ q }), TIMEZONE);
    return Promise.all((await replay((db) => listTicketPage(db, filter, 0, 10))).map((statement) => explain(statement, false)));
  };
  const indexesOf = (plans: PlanNode[]) => plans.flatMap((plan) => nodesOf(plan).map((node) => node['Index Name']));
  const seqScansOf = (plans: PlanNode[]) =>
    plans.flatMap((plan) =>
      nodesOf(plan)
        .filter((node) => node['Node Type'] === 'Seq Scan')
        .map((node) => node['Relation Name']),
    );
  const WORD_TABLES = ['tickets', 'comments', 'ticket_words'];

  // Staff read each word's tickets newest first from the dictionary, rare words and common alike.
  it.each(['fibre cut', 'description', 'ibre', 'checked line'])(
    'finds "%s" for staff through the words of the tickets',
    async (q) => {
      const plans = await textSearchPlans(staff, q);
      expect(indexesOf(plans)).toContain('ticket_words_search');
      expect(seqScansOf(plans).filter((table) => WORD_TABLES.includes(table ?? ''))).toEqual([]);
    },
  );

  // A customer's few tickets are read and each probed for the words, never a word's tickets.
  it("finds text in a customer's own tickets through their issuer", async () => {
    const plans = await textSearchPlans(customer, 'fibre cut');
    const used = indexesOf(plans);
    expect(used).toContain('tickets_issuer_created');
    expect(used).toContain('ticket_words_ticket_id_term_id_public_pk');
    expect(seqScansOf(plans).filter((table) => WORD_TABLES.includes(table ?? ''))).toEqual([]);
  });

  const forwardedStatements = async () => {
    const statements = await record((db) => listForwardChainPage(db, 'rs', 0, 10));
    const pageQuery = statements.find((statement) => !/\bcount\(/.test(statement.text));
    const countQuery = statements.find((statement) => /\bcount\(/.test(statement.text));
    if (!pageQuery || !countQuery || statements.length !== 2) throw new Error('expected a page query and a count query');
    return { pageQuery, countQuery };
  };

  // The page is a range of forward_chain_members_recent joined to ten tickets by primary key, and
  // the count reads the same index; neither may read a table from end to end.
  it("serves a department's forwarded tickets from indexes", async () => {
    const { pageQuery, countQuery } = await forwardedStatements();
    const scanned = [...(await seqScanned(pageQuery)), ...(await seqScanned(countQuery, true))];
    for (const table of [...BIG_TABLES, 'forward_chain_members']) expect(scanned, pageQuery.text).not.toContain(table);
    const used = nodesOf(await explain(pageQuery, false)).map((node) => node['Index Name']);
    expect(used, pageQuery.text).toContain('forward_chain_members_recent');
  });

  it('serves a ticket with its comments and forward history from indexes', async () => {
    const statements = await record(async (db) => {
      await findTicketWithIssuer(db, 110_000);
      await listNewestCommentsWithTotal(db, { ticketId: 110_000, withInternal: false }, 50);
      await listLatestComments(db, { ticketId: 110_000, withInternal: false }, 51);
      await listForwardHistory(db, 110_000);
      for (const withInternal of [false, true])
        await findTicketView(
          db,
          110_000,
          { withInternal, withForwards: withInternal, withRating: withInternal, withLinksAndTags: withInternal },
          50,
        );
    });
    expect(statements).toHaveLength(6);
    for (const statement of statements) {
      const scanned = await seqScanned(statement);
      for (const table of BIG_TABLES) expect(scanned, statement.text).not.toContain(table);
    }
  });

  it("serves a busy number's history from indexes", async () => {
    const busyCustomer: TicketReader = { id: uuidFrom('u600'), user_type: 'customer' };
    const ids = await rowsOf<{ ticket_id: number }>(
      ctx.db.execute(sql.raw(`select ticket_id from tickets where problematic_number = '${BUSY_NUMBER}' limit 50`)),
    );
    expect(ids).toHaveLength(50);
    const window = { ticketIds: ids.map((row) => Number(row.ticket_id)), since: new Date(Date.now() - 400 * 86_400_000) };
    const statements = await record(async (db) => {
      for (const scope of [{ number: BUSY_NUMBER }, { number: BUSY_NUMBER, issuerUserId: busyCustomer.id }]) {
        await readNumberTickets(db, scope, 50);
        await listNumberTickets(db, scope, 10);
      }
      await listNumberEvents(db, { ...window, withInternal: true, withForwards: true });
      await listNumberEvents(db, { ...window, withInternal: false, withForwards: false });
    });
    expect(statements).toHaveLength(6);
    for (const statement of statements) {
      const scanned = await seqScanned(statement);
      for (const table of [...BIG_TABLES, 'ticket_status_events']) expect(scanned, statement.text).not.toContain(table);
    }
  });

  it('finds incident suggestions in the last window from the created_at index, and an incident from its own', async () => {
    const [suggestions, ...others] = await record((db) =>
      listSuggestions(db, { threshold: 5, windowMinutes: 30, maxTicketIds: 200 }),
    );
    if (!suggestions || others.length > 0) throw new Error('expected one statement for the suggestions');
    const plan = nodesOf(await explain(suggestions, false));
    expect(plan.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name'])).not.toContain('tickets');
    expect(
      plan.map((node) => node['Index Name']),
      suggestions.text,
    ).toContain('tickets_created');

    const statements = await record(async (db) => {
      await findIncidentView(db, 1);
      await listIncidentTickets(db, 1, 500);
      await listUnlinkedTicketsOfSubgroup(db, subgroup, new Date(Date.now() - 3_600_000), 50);
    });
    expect(statements).toHaveLength(3);
    for (const statement of statements) {
      const scanned = await seqScanned(statement);
      for (const table of BIG_TABLES) expect(scanned, statement.text).not.toContain(table);
    }
  });
});
