import { describe, expect, it } from 'vitest';
import type { Department, TicketStatus, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { storedWorkflow, workflowCalls } from '../forwarding/forwarding.test-support.ts';

describeWithApp('resolving a ticket', (ctx) => {
  const calls = () => workflowCalls(ctx.app);
  const staff = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  const ticketAt = async (issuedTo: Department, ticketStatus: TicketStatus = 'in_progress') => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    return { ticket: await buildTicket(ctx.db, issuer.user, { issuedTo, ticketStatus }), issuer };
  };

  it('needs a signed-in user', async () => {
    const { ticket } = await ticketAt('cc');
    expect((await calls().resolve({}, ticket.ticketId)).statusCode).toBe(401);
  });

  it.each(['customer', 'agent'] as const)('refuses a %s, even on their own ticket', async (userType) => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType });
    const ticket = await buildTicket(ctx.db, issuer.user, { issuedTo: 'cc' });
    const reply = await calls().resolve(issuer.headers, ticket.ticketId);
    expect(reply.statusCode).toBe(403);
    expect((await storedWorkflow(ctx.db, ticket.ticketId)).status).toBe('open');
  });

  it('closes a ticket held by the own department, with resolved_at, and says so', async () => {
    const rs = await staff('rs');
    const { ticket } = await ticketAt('rs');
    const reply = await calls().resolve(rs.headers, ticket.ticketId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: 'Successfully resolved this ticket' });
    const stored = await storedWorkflow(ctx.db, ticket.ticketId);
    expect(stored).toMatchObject({ status: 'closed', issuedTo: 'rs', events: [] });
    expect(stored.resolvedAt).toBeInstanceOf(Date);
  });

  it.each(['rs', 'iptsp', 'oss-bss'] as const)('lets cc resolve a ticket held by %s', async (holder) => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt(holder, 'open');
    expect((await calls().resolve(cc.headers, ticket.ticketId)).statusCode).toBe(200);
    expect((await storedWorkflow(ctx.db, ticket.ticketId)).status).toBe('closed');
  });

  it.each([
    ['iptsp', 'cc'],
    ['rs', 'iptsp'],
    ['oss_bss', 'rs'],
  ] as const)('refuses %s staff a ticket held by %s', async (userType, holder) => {
    const actor = await staff(userType);
    const { ticket } = await ticketAt(holder);
    const reply = await calls().resolve(actor.headers, ticket.ticketId);
    expect(reply.statusCode).toBe(403);
    expect((await storedWorkflow(ctx.db, ticket.ticketId)).status).toBe('in_progress');
  });

  it('answers 409 for a ticket that is already solved, and keeps its resolved_at', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('cc', 'closed');
    const before = (await storedWorkflow(ctx.db, ticket.ticketId)).resolvedAt;
    const reply = await calls().resolve(cc.headers, ticket.ticketId);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ message: 'This ticket is already solved.', code: 'conflict' });
    expect((await storedWorkflow(ctx.db, ticket.ticketId)).resolvedAt).toEqual(before);
  });

  it('answers 404 for a ticket that does not exist and 400 for an id that is not one', async () => {
    const cc = await staff('cc');
    expect((await calls().resolve(cc.headers, 999_999_999)).statusCode).toBe(404);
    expect((await calls().resolve(cc.headers, 'abc')).statusCode).toBe(400);
  });

  it('lets exactly one of two concurrent resolves succeed', async () => {
    const cc = await staff('cc');
    const rs = await staff('rs');
    const { ticket } = await ticketAt('rs');
    const replies = await Promise.all([
      calls().resolve(cc.headers, ticket.ticketId),
      calls().resolve(rs.headers, ticket.ticketId),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
  });

  describe('Resolve & Forward to cc (resolve, then forward to cc)', () => {
    const handOver = (headers: Record<string, string>, ticketId: number, from: string) =>
      calls().forward(headers, {
        ticket_id: ticketId,
        previously_issued_to: from,
        newly_issued_to: 'cc',
        forward_cause: 'Solved on our side; please tell the customer',
        is_in_forward_loop: true,
      });

    it('leaves the ticket solved and held by cc, with the forward and its comment', async () => {
      const iptsp = await staff('iptsp', 'Farhana Akter');
      const { ticket, issuer } = await ticketAt('iptsp');
      expect((await calls().resolve(iptsp.headers, ticket.ticketId)).statusCode).toBe(200);
      const forwarded = await handOver(iptsp.headers, ticket.ticketId, 'iptsp');
      expect(forwarded.statusCode, forwarded.body).toBe(200);
      expect(forwarded.json()).toEqual({ message: 'Successfully forwarded this ticket' });
      const stored = await storedWorkflow(ctx.db, ticket.ticketId);
      expect(stored).toMatchObject({
        issuedTo: 'cc',
        status: 'closed',
        events: [{ from: 'iptsp', to: 'cc', inLoop: true, by: 'Farhana Akter' }],
        comments: [{ message: 'Forwarded to Customer Care', internal: true }],
      });
      expect(stored.resolvedAt).toBeInstanceOf(Date);
      const seen = await calls().view(issuer.headers, ticket.ticketId);
      expect(seen.ticket_status).toBe('closed');
      expect(seen.comments).toEqual([]);
    });

    it('hands a solved ticket over only once', async () => {
      const rs = await staff('rs');
      const { ticket } = await ticketAt('rs');
      await calls().resolve(rs.headers, ticket.ticketId);
      expect((await handOver(rs.headers, ticket.ticketId, 'rs')).statusCode).toBe(200);
      expect((await handOver(rs.headers, ticket.ticketId, 'rs')).statusCode).toBe(409);
      expect((await handOver(rs.headers, ticket.ticketId, 'cc')).statusCode).toBe(409);
      expect((await storedWorkflow(ctx.db, ticket.ticketId)).events).toHaveLength(1);
    });

    it('is not for cc, nor for a department that did not hold the ticket', async () => {
      const cc = await staff('cc');
      const oss = await staff('oss_bss');
      const { ticket } = await ticketAt('rs', 'closed');
      expect((await handOver(cc.headers, ticket.ticketId, 'rs')).statusCode).toBe(409);
      expect((await handOver(oss.headers, ticket.ticketId, 'rs')).statusCode).toBe(409);
      expect(await storedWorkflow(ctx.db, ticket.ticketId)).toMatchObject({ issuedTo: 'rs', events: [] });
    });
  });
});
