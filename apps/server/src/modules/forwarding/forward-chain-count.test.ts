import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TicketListReply } from '@switchboard/shared';
import { EXACT_COUNT_LIMIT } from '../../db/bounded-count.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { expectEstimatedFirstPage } from '../../../test/estimated-lists.ts';
import { signedInAs } from '../../../test/factories.ts';

describeWithApp('forwarded-ticket counts past the exact limit', (ctx) => {
  const ABOVE_LIMIT = EXACT_COUNT_LIMIT + 500;

  it('answers an estimate, says so, and still pages', async () => {
    // Tickets forwarded from cc to rs: rs's chain holds them all (the triggers fill it).
    await ctx.db.execute(
      sql.raw(`with made as (
          insert into tickets (title, description, problematic_number, issuer_user_type, group_name, issued_to, created_at)
          select 'Ticket ' || i, 'd', '8801700000000', 'customer', 'G', 'rs', now() - i * interval '1 minute'
          from generate_series(1, ${ABOVE_LIMIT}) i
          returning ticket_id, created_at)
        insert into forward_events (ticket_id, previously_issued_to, newly_issued_to, forward_cause, forwarded_by_name, created_at)
        select ticket_id, 'cc', 'rs', 'Line check', 'Staff', created_at from made`),
    );
    await ctx.db.execute(sql`analyze forward_chain_members`);
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'rs', role: 'support' });
    const list = async (page: number): Promise<TicketListReply> =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/forward-chain-tickets/${page}`, headers: staff.headers })
      ).json<TicketListReply>();

    const first = await list(1);
    expectEstimatedFirstPage(first, ABOVE_LIMIT);
    expect((await list(2)).data[0]?.title).toBe('Ticket 11');
  });

  it('counts exactly below the limit', async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'support' });
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/tickets/forward-chain-tickets/1', headers: staff.headers });
    expect(reply.json()).toMatchObject({ total_tickets: 0, total_is_estimate: false, data: [] });
  });
});
