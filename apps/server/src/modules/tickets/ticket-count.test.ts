import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TicketListReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { expectEstimatedFirstPage } from '../../../test/estimated-lists.ts';
import { signedInAs } from '../../../test/factories.ts';
import { EXACT_COUNT_LIMIT } from '../../db/bounded-count.ts';

describeWithApp('ticket counts past the exact limit', (ctx) => {
  const ABOVE_LIMIT = EXACT_COUNT_LIMIT + 500;

  it('answers an estimate, says so, and still pages from both ends', async () => {
    await ctx.db.execute(
      sql.raw(`insert into tickets (title, description, problematic_number, issuer_user_type, group_name, created_at)
        select 'Ticket ' || i, 'd', '8801700000000', 'customer', 'G', now() - i * interval '1 minute'
        from generate_series(1, ${ABOVE_LIMIT}) i`),
    );
    await ctx.db.execute(sql`analyze tickets`);
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'support' });
    const list = async (page: number, query = ''): Promise<TicketListReply> =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/tickets/user-type-wise-tickets/${page}${query}`,
          headers: staff.headers,
        })
      ).json<TicketListReply>();

    const first = await list(1);
    expectEstimatedFirstPage(first, ABOVE_LIMIT);

    const last = await list(first.total_pages);
    expect(last.data.length).toBeGreaterThan(0);
    expect(last.data.at(-1)?.title).toMatch(/^Ticket \d+$/);

    const narrow = await list(1, '?status=closed');
    expect(narrow).toMatchObject({ total_tickets: 0, total_is_estimate: false, data: [] });
  });

  it('keeps an estimate for the next pages of the same filter, and never an exact count', async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'support' });
    const total = async (query: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/user-type-wise-tickets/1${query}`, headers: staff.headers })
      ).json<TicketListReply>().total_tickets;
    const estimate = await total('?issued_to=cc');
    await ctx.db.execute(
      sql.raw(`insert into tickets (title, description, problematic_number, issuer_user_type, group_name, ticket_status)
        select 'More ' || i, 'd', '8801700000001', 'customer', 'G', 'closed' from generate_series(1, 2000) i`),
    );
    await ctx.db.execute(sql`analyze tickets`);
    expect(await total('?issued_to=cc')).toBe(estimate);
    expect(await total('?status=closed')).toBe(2000);
  });
});
