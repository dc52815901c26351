import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Department, TicketListReply, TicketStatus, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, tickets, users } from '../../db/schema.ts';
import { workflowCalls, type Headers } from '../forwarding/forwarding.test-support.ts';

describeWithApp('a person on each ticket (DESIGN.md §19)', (ctx) => {
  const staff = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  const ticketAt = async (issuedTo: Department, ticketStatus: TicketStatus = 'open') => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Sadia Karim' });
    return { ticket: await buildTicket(ctx.db, issuer.user, { issuedTo, ticketStatus }), issuer };
  };
  const assign = (headers: Headers, ticketId: number, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/tickets/${ticketId}/assign`, headers, payload: body });
  const storedAssignee = async (ticketId: number) => {
    const [row] = await ctx.db.select({ id: tickets.assigneeUserId }).from(tickets).where(eq(tickets.ticketId, ticketId));
    return row?.id ?? null;
  };
  const list = async (headers: Headers, query: string) => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/user-type-wise-tickets/1?${query}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<TicketListReply>().data;
  };

  it('lets staff of the holding department take it, shows it to staff and audits it', async () => {
    const rs = await staff('rs', 'Nusrat Jahan');
    const { ticket } = await ticketAt('rs');
    const reply = await assign(rs.headers, ticket.ticketId, { user_id: rs.user.id, expected_assignee_user_id: null });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: 'Assigned this ticket', assignee: { id: rs.user.id, name: 'Nusrat Jahan' } });
    expect(await storedAssignee(ticket.ticketId)).toBe(rs.user.id);
    const view = await workflowCalls(ctx.app).view(rs.headers, ticket.ticketId);
    expect(view.assignee).toEqual({ id: rs.user.id, name: 'Nusrat Jahan' });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `ticket:${ticket.ticketId}`), eq(auditLog.action, 'tickets.assign')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: rs.user.id, details: { from: null, to: rs.user.id } });
  });

  it('hands it to a colleague of the holding department, and releases it', async () => {
    const iptsp = await staff('iptsp');
    const colleague = await buildUser(ctx.db, { userType: 'iptsp', name: 'Rafiq Islam' });
    const { ticket } = await ticketAt('iptsp');
    const handed = await assign(iptsp.headers, ticket.ticketId, { user_id: colleague.id, expected_assignee_user_id: null });
    expect(handed.json(), handed.body).toMatchObject({ assignee: { id: colleague.id, name: 'Rafiq Islam' } });
    const released = await assign(iptsp.headers, ticket.ticketId, { user_id: null, expected_assignee_user_id: colleague.id });
    expect(released.json(), released.body).toEqual({ message: 'Released this ticket', assignee: null });
    expect(await storedAssignee(ticket.ticketId)).toBeNull();
  });

  it('refuses a target who may not hold the ticket with one sentence that tells nothing of the account', async () => {
    const rs = await staff('rs');
    const outsider = await buildUser(ctx.db, { userType: 'iptsp', name: 'Kamal Hossain' });
    const customer = await buildUser(ctx.db, { userType: 'customer', name: 'Mina Das' });
    const gone = await buildUser(ctx.db, { userType: 'rs', name: 'Rubel Ahmed' });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const { ticket } = await ticketAt('rs');
    const sentence = 'This person cannot take this ticket: choose a colleague of the department that holds it.';
    const expected = { message: sentence, code: 'validation', details: { user_id: sentence } };
    for (const userId of [outsider.id, customer.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
      const reply = await assign(rs.headers, ticket.ticketId, { user_id: userId });
      expect(reply.statusCode, userId).toBe(400);
      // Whether the account exists, is staff, or of which department: the replies are the same.
      expect(reply.json(), userId).toEqual(expected);
    }
    expect(await storedAssignee(ticket.ticketId)).toBeNull();
  });

  it('answers in Bangla when asked in Bangla', async () => {
    const ossBss = await staff('oss_bss');
    const inBangla = { ...ossBss.headers, 'accept-language': 'bn' };
    const outsider = await buildUser(ctx.db, { userType: 'rs', name: 'Kamal Hossain' });
    const customer = await buildUser(ctx.db, { userType: 'customer', name: 'Mina Das' });
    const { ticket } = await ticketAt('oss-bss');
    const sentence = 'এই মানুষটি এই টিকিটের দায়িত্ব নিতে পারবেন না: যে বিভাগের কাছে টিকিটটি আছে, সেখানকার একজন সহকর্মীকে বেছে নিন।';
    for (const userId of [outsider.id, customer.id]) {
      const refused = await assign(inBangla, ticket.ticketId, { user_id: userId });
      expect(refused.json()).toEqual({ message: sentence, code: 'validation', details: { user_id: sentence } });
    }
    const taken = await assign(inBangla, ticket.ticketId, { user_id: ossBss.user.id });
    expect(taken.json()).toMatchObject({ message: 'এই টিকিটের দায়িত্ব দেওয়া হয়েছে' });
  });

  it('lets cc assign any staff member on any ticket, but no customer or agent', async () => {
    const cc = await staff('cc');
    const ossBss = await buildUser(ctx.db, { userType: 'oss_bss', name: 'Tania Sultana' });
    const agent = await buildUser(ctx.db, { userType: 'agent' });
    const { ticket } = await ticketAt('rs');
    const reply = await assign(cc.headers, ticket.ticketId, { user_id: ossBss.id });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await storedAssignee(ticket.ticketId)).toBe(ossBss.id);
    const toAgent = await assign(cc.headers, ticket.ticketId, { user_id: agent.id });
    expect(toAgent.statusCode).toBe(400);
    expect(toAgent.json<{ message: string }>().message).toBe(
      'This person cannot take this ticket: choose a colleague of the department that holds it.',
    );
  });

  it('refuses staff of another department than the holder', async () => {
    const iptsp = await staff('iptsp');
    const { ticket } = await ticketAt('rs');
    const reply = await assign(iptsp.headers, ticket.ticketId, { user_id: iptsp.user.id });
    expect(reply.statusCode).toBe(403);
    expect(reply.json<{ message: string }>().message).toContain('This ticket is with Retail Sales');
    expect((await assign(iptsp.headers, ticket.ticketId, { user_id: null })).statusCode).toBe(403);
  });

  it.each(['customer', 'agent'] as const)('refuses a %s, even on their own ticket', async (userType) => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType });
    const ticket = await buildTicket(ctx.db, issuer.user, { issuedTo: 'cc' });
    const reply = await assign(issuer.headers, ticket.ticketId, { user_id: issuer.user.id });
    expect(reply.statusCode).toBe(403);
    expect(await storedAssignee(ticket.ticketId)).toBeNull();
  });

  it('answers 404 for no such ticket and 401 without a sign-in', async () => {
    const cc = await staff('cc');
    expect((await assign(cc.headers, 987_654_321, { user_id: cc.user.id })).statusCode).toBe(404);
    const { ticket } = await ticketAt('cc');
    expect((await assign({}, ticket.ticketId, { user_id: null })).statusCode).toBe(401);
  });

  it('refuses a solved ticket with 409', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('cc', 'closed');
    const reply = await assign(cc.headers, ticket.ticketId, { user_id: cc.user.id });
    expect(reply.statusCode).toBe(409);
    expect(await storedAssignee(ticket.ticketId)).toBeNull();
  });

  it('answers 409 to a page that showed another assignee, and a double take changes nothing', async () => {
    const first = await staff('cc', 'Anika Rahman');
    const second = await staff('cc', 'Jamal Uddin');
    const { ticket } = await ticketAt('cc');
    expect(
      (await assign(first.headers, ticket.ticketId, { user_id: first.user.id, expected_assignee_user_id: null })).statusCode,
    ).toBe(200);
    const again = await assign(first.headers, ticket.ticketId, { user_id: first.user.id, expected_assignee_user_id: null });
    expect(again.statusCode, again.body).toBe(200);
    const stale = await assign(second.headers, ticket.ticketId, { user_id: second.user.id, expected_assignee_user_id: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict', message: 'This ticket was assigned meanwhile; reload' });
    expect(await storedAssignee(ticket.ticketId)).toBe(first.user.id);
  });

  it('releases the ticket when it is forwarded', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('cc');
    await assign(cc.headers, ticket.ticketId, { user_id: cc.user.id });
    const forwarded = await workflowCalls(ctx.app).forward(cc.headers, {
      ticket_id: ticket.ticketId,
      previously_issued_to: 'cc',
      newly_issued_to: 'rs',
      forward_cause: 'Plan change',
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(await storedAssignee(ticket.ticketId)).toBeNull();
  });

  it('lists by assignee=me|none|{id} for staff, and never shows the assignee to the issuer', async () => {
    const cc = await staff('cc', 'Anika Rahman');
    const { ticket: mine, issuer } = await ticketAt('cc');
    const { ticket: free } = await ticketAt('cc');
    await assign(cc.headers, mine.ticketId, { user_id: cc.user.id });
    const ids = async (query: string) => (await list(cc.headers, query)).map((row) => row.ticket_id);
    expect(await ids('assignee=me')).toEqual([mine.ticketId]);
    expect(await ids(`assignee=${cc.user.id}`)).toEqual([mine.ticketId]);
    expect(await ids('assignee=none')).toContain(free.ticketId);
    expect(await ids('assignee=none')).not.toContain(mine.ticketId);
    const [row] = await list(cc.headers, 'assignee=me');
    expect(row?.assignee).toEqual({ id: cc.user.id, name: 'Anika Rahman' });
    expect((await list(cc.headers, `ticket_id=${free.ticketId}`))[0]?.assignee).toBeNull();

    // The issuer's list ignores the filter and carries no assignee, nor does their view of the ticket.
    const own = await list(issuer.headers, 'assignee=none');
    expect(own.map((item) => item.ticket_id)).toEqual([mine.ticketId]);
    expect(own[0]).not.toHaveProperty('assignee');
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/get-ticket-by-id/${mine.ticketId}`,
      headers: issuer.headers,
    });
    expect(view.body).not.toContain('assignee');
    expect(view.body).not.toContain('Anika Rahman');
  });

  it('never shows the assignee to an agent', async () => {
    const cc = await staff('cc');
    const agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
    const ticket = await buildTicket(ctx.db, agent.user, { issuedTo: 'cc' });
    await assign(cc.headers, ticket.ticketId, { user_id: cc.user.id });
    const listed = await list(agent.headers, '');
    expect(listed[0]).not.toHaveProperty('assignee');
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/get-ticket-by-id/${ticket.ticketId}`,
      headers: agent.headers,
    });
    expect(view.body).not.toContain('assignee');
  });
});
