/** The rules of a merge (DESIGN.md §27): who may, which tickets, and two merges at once. */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket, randomProblematicNumber } from '../../../test/ticket-factories.ts';
import { tickets } from '../../db/schema.ts';
import { workflowCalls } from '../forwarding/forwarding.test-support.ts';
import { duplicates, mergeCalls } from './merge.test-support.ts';

describeWithApp('merging duplicate tickets: the rules', (ctx) => {
  const calls = mergeCalls(ctx);
  const mergedInto = async (ticketId: number) => {
    const [row] = await ctx.db.select({ into: tickets.mergedInto }).from(tickets).where(eq(tickets.ticketId, ticketId));
    return row?.into;
  };

  it('refuses customers and agents, even their own tickets, and writes nothing', async () => {
    const { customer, older, newer } = await duplicates(ctx);
    const agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
    for (const headers of [customer.headers, agent.headers]) {
      const reply = await calls.merge(headers, newer.ticketId, older.ticketId);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'forbidden', message: 'Only staff can merge tickets.' });
      expect((await calls.candidates(headers, newer.ticketId)).statusCode).toBe(403);
    }
    expect(await mergedInto(newer.ticketId)).toBeNull();
    expect(await calls.auditRows(newer.ticketId)).toEqual([]);
  });

  it('refuses a ticket into itself and into a ticket that does not exist', async () => {
    const { staff, newer } = await duplicates(ctx);
    const itself = await calls.merge(staff.headers, newer.ticketId, newer.ticketId);
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({ message: 'A ticket cannot be merged into itself.' });
    const missing = await calls.merge(staff.headers, newer.ticketId, 999_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Ticket #999999999 does not exist.' });
    expect((await calls.merge(staff.headers, 999_999_998, newer.ticketId)).statusCode).toBe(404);
    expect((await calls.merge(staff.headers, newer.ticketId, 'x')).statusCode).toBe(400);
  });

  it('refuses another customer’s ticket about another number: that is an incident, not a merge', async () => {
    const { staff, newer } = await duplicates(ctx);
    const stranger = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const foreign = await buildTicket(ctx.db, stranger.user);
    const reply = await calls.merge(staff.headers, newer.ticketId, foreign.ticketId);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(/^Only tickets of the same customer or the same number/);
    expect(await mergedInto(newer.ticketId)).toBeNull();
  });

  it('takes another customer’s ticket about the same number, and the same customer’s about another number', async () => {
    const { staff, newer, problematicNumber } = await duplicates(ctx);
    const neighbour = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const sameNumber = await buildTicket(ctx.db, neighbour.user, { problematicNumber });
    expect((await calls.merge(staff.headers, sameNumber.ticketId, newer.ticketId)).statusCode).toBe(200);
    const other = await duplicates(ctx);
    const ownOtherNumber = await buildTicket(ctx.db, other.customer.user, { problematicNumber: randomProblematicNumber() });
    expect((await calls.merge(staff.headers, ownOtherNumber.ticketId, other.older.ticketId)).statusCode).toBe(200);
  });

  it('refuses a merged source, a merged target and so a loop, naming where each went', async () => {
    const { staff, older, newer, customer, problematicNumber } = await duplicates(ctx);
    const third = await buildTicket(ctx.db, customer.user, { problematicNumber });
    const first = await calls.merge(staff.headers, newer.ticketId, older.ticketId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: `Ticket #${newer.ticketId} was merged into ticket #${older.ticketId}.`,
      data: { ticket_id: newer.ticketId, merged_into: older.ticketId },
    });
    const again = await calls.merge(staff.headers, newer.ticketId, third.ticketId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: `Ticket #${newer.ticketId} was already merged into ticket #${older.ticketId}.`,
    });
    const intoMerged = await calls.merge(staff.headers, third.ticketId, newer.ticketId);
    expect(intoMerged.statusCode).toBe(409);
    expect(intoMerged.json()).toMatchObject({
      message: `Ticket #${newer.ticketId} was merged into ticket #${older.ticketId}: merge into that one instead.`,
    });
    const loop = await calls.merge(staff.headers, older.ticketId, newer.ticketId);
    expect(loop.statusCode).toBe(409);
    expect(await mergedInto(older.ticketId)).toBeNull();
  });

  it('refuses a solved source and a solved target', async () => {
    const solvedSource = await duplicates(ctx, {}, { ticketStatus: 'closed' });
    const source = await calls.merge(solvedSource.staff.headers, solvedSource.newer.ticketId, solvedSource.older.ticketId);
    expect(source.statusCode).toBe(409);
    expect(source.json()).toMatchObject({
      message: `Ticket #${solvedSource.newer.ticketId} is solved: only an unsolved ticket can be merged.`,
    });
    const target = await calls.merge(solvedSource.staff.headers, solvedSource.older.ticketId, solvedSource.newer.ticketId);
    expect(target.statusCode).toBe(409);
    expect(target.json()).toMatchObject({
      message: `Ticket #${solvedSource.newer.ticketId} is solved: merge into an unsolved ticket.`,
    });
  });

  it('refuses staff who may not act on either ticket, as a forward does', async () => {
    const { older, newer } = await duplicates(ctx, { issuedTo: 'rs' }, { issuedTo: 'iptsp' });
    const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    const reply = await calls.merge(rs.headers, older.ticketId, newer.ticketId);
    expect(reply.statusCode).toBe(403);
    expect(reply.json<{ message: string }>().message).toMatch(/^This ticket is with IPTSP/);
    const iptsp = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp' });
    expect((await calls.merge(iptsp.headers, older.ticketId, newer.ticketId)).statusCode).toBe(403);
    const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    expect((await calls.merge(cc.headers, older.ticketId, newer.ticketId)).statusCode).toBe(200);
  });

  it('lets exactly one of two crossing merges through; the other sees its result and answers 409', async () => {
    const { staff, older, newer } = await duplicates(ctx);
    const other = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const replies = await Promise.all([
      calls.merge(staff.headers, newer.ticketId, older.ticketId),
      calls.merge(other.headers, older.ticketId, newer.ticketId),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const merged = [await mergedInto(newer.ticketId), await mergedInto(older.ticketId)];
    expect(merged.filter((into) => into !== null)).toHaveLength(1);
  });

  it('lets exactly one of two merges of one ticket into two others through', async () => {
    const { staff, older, newer, customer, problematicNumber } = await duplicates(ctx);
    const third = await buildTicket(ctx.db, customer.user, { problematicNumber });
    const replies = await Promise.all([
      calls.merge(staff.headers, newer.ticketId, older.ticketId),
      calls.merge(staff.headers, newer.ticketId, third.ticketId),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await calls.auditRows(newer.ticketId)).toHaveLength(1);
  });

  it('refuses a comment on a merged ticket: its conversation goes on on the target', async () => {
    const { staff, customer, older, newer } = await duplicates(ctx);
    expect((await calls.merge(staff.headers, newer.ticketId, older.ticketId)).statusCode).toBe(200);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: customer.headers,
      payload: { ticket_id: newer.ticketId, message: 'Hello?', is_internal: false },
    });
    expect(reply.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, newer.ticketId));
    expect(row?.ticketStatus).toBe('closed');
  });

  it('refuses the Resolve & Forward step on a merged ticket: it went into another, which is the one to forward', async () => {
    const { older, newer } = await duplicates(ctx, { issuedTo: 'rs' });
    const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs', name: 'Anika' });
    expect((await calls.merge(rs.headers, newer.ticketId, older.ticketId)).statusCode).toBe(200);
    const reply = await workflowCalls(ctx.app).forward(rs.headers, {
      ticket_id: newer.ticketId,
      previously_issued_to: 'rs',
      newly_issued_to: 'cc',
      forward_cause: 'Solved here, over to Customer Care',
      is_in_forward_loop: false,
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({
      message: `Ticket #${newer.ticketId} was already merged into ticket #${older.ticketId}.`,
    });
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, newer.ticketId));
    expect(row?.issuedTo).toBe('rs');
  });

  it('lists the same customer’s and the same number’s unsolved tickets, newest first, narrowed by id or title', async () => {
    const { staff, older, newer, problematicNumber, customer } = await duplicates(ctx);
    const neighbour = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const sameNumber = await buildTicket(ctx.db, neighbour.user, { problematicNumber, title: 'Router 100% dead' });
    const ownOther = await buildTicket(ctx.db, customer.user, { title: 'Bill too high' });
    await buildTicket(ctx.db, customer.user, { problematicNumber, ticketStatus: 'closed' });
    await buildTicket(ctx.db, neighbour.user);
    expect(await calls.candidateIds(staff.headers, newer.ticketId)).toEqual([
      ownOther.ticketId,
      sameNumber.ticketId,
      older.ticketId,
    ]);
    const reply = await calls.candidates(staff.headers, newer.ticketId);
    expect(reply.json()).toMatchObject({
      data: [
        { ticket_id: ownOther.ticketId, same_issuer: true, title: 'Bill too high' },
        { ticket_id: sameNumber.ticketId, same_issuer: false, problematic_number: problematicNumber },
        { ticket_id: older.ticketId, same_issuer: true, ticket_status: 'open', issued_to: 'cc' },
      ],
    });
    expect(await calls.candidateIds(staff.headers, newer.ticketId, 'ROUTER')).toEqual([sameNumber.ticketId]);
    expect(await calls.candidateIds(staff.headers, newer.ticketId, '100%')).toEqual([sameNumber.ticketId]);
    expect(await calls.candidateIds(staff.headers, newer.ticketId, '0%d')).toEqual([]);
    expect(await calls.candidateIds(staff.headers, newer.ticketId, `#${older.ticketId}`)).toEqual([older.ticketId]);
    expect((await calls.candidates(staff.headers, newer.ticketId, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await calls.candidates(staff.headers, 999_999_999)).statusCode).toBe(404);
  });
});
