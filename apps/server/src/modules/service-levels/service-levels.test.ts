import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_FIRST_REPLY_HOURS,
  DEFAULT_RESOLVE_HOURS,
  DEPARTMENTS,
  SERVICE_LEVEL_MAX_HOURS,
  type Role,
  type ServiceLevelListReply,
  type Ticket,
  type TicketByIdReply,
  type TicketListReply,
  type UserType,
} from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, tickets } from '../../db/schema.ts';
import { listTicketPage } from '../tickets/ticket-list.repository.ts';
import { upsertServiceLevel } from './service-levels.repository.ts';

type Headers = Record<string, string>;
const HOUR = 60 * 60 * 1000;

function levelCalls(app: FastifyInstance) {
  return {
    list: (headers: Headers) => app.inject({ method: 'GET', url: '/api/v1/service-levels', headers }),
    set: (headers: Headers, department: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/v1/service-levels/${department}`, headers, payload }),
  };
}

async function storedTicket(db: Db, ticketId: number) {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
  if (!row) throw new Error(`no ticket ${ticketId}`);
  return row;
}

describeWithApp('service levels', (ctx) => {
  const calls = () => levelCalls(ctx.app);
  const person = (userType: UserType, role: Role = 'user') => signedInAs(ctx.app, ctx.db, { userType, role });
  const ticketAs = async (headers: Headers, ticketId: number): Promise<Ticket> => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    const [ticket] = reply.json<TicketByIdReply>().data;
    if (!ticket) throw new Error('no ticket in the reply');
    return ticket;
  };
  const post = async (headers: Headers, url: string, payload: object) => {
    const reply = await ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
  };
  const hoursAfter = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR).toISOString();

  // Tests change levels; each starts from the defaults.
  afterEach(async () => {
    for (const department of DEPARTMENTS)
      await upsertServiceLevel(ctx.db, department, {
        firstReplyHours: DEFAULT_FIRST_REPLY_HOURS,
        resolveHours: DEFAULT_RESOLVE_HOURS,
      });
  });

  describe('who may', () => {
    it('needs a signed-in user', async () => {
      expect((await calls().list({})).statusCode).toBe(401);
      expect((await calls().set({}, 'cc', { first_reply_hours: 2, resolve_hours: 24 })).statusCode).toBe(401);
    });

    it.each(['customer', 'agent'] as const)('refuses a %s both endpoints, even as an admin', async (userType) => {
      const caller = await person(userType, 'admin');
      expect((await calls().list(caller.headers)).statusCode).toBe(403);
      expect((await calls().set(caller.headers, 'cc', { first_reply_hours: 2, resolve_hours: 24 })).statusCode).toBe(403);
    });

    it('lets staff read the levels, four departments with the defaults, Always and no recomputation running', async () => {
      await ctx.app.jobs.runOnce();
      const reply = await calls().list((await person('rs')).headers);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<ServiceLevelListReply>().data).toEqual(
        DEPARTMENTS.map((department) => ({
          department,
          first_reply_hours: 4,
          resolve_hours: 48,
          calendar_id: null,
          recompute: null,
        })),
      );
    });

    it.each(['user', 'support', 'moderator'] as const)('refuses staff with role %s a change', async (role) => {
      const reply = await calls().set((await person('cc', role)).headers, 'cc', { first_reply_hours: 2, resolve_hours: 24 });
      expect(reply.statusCode).toBe(403);
    });

    it('lets an admin change a department, and everybody reads the change', async () => {
      const admin = await person('iptsp', 'admin');
      const reply = await calls().set(admin.headers, 'oss-bss', { first_reply_hours: 2, resolve_hours: 24 });
      expect(reply.statusCode, reply.body).toBe(200);
      // The recomputation of its tickets is pending: it runs in the background, not in the request.
      const changed = { department: 'oss-bss', first_reply_hours: 2, resolve_hours: 24, calendar_id: null };
      expect(reply.json()).toEqual({ data: { ...changed, recompute: { done: 0, total: 0 } } });
      await ctx.app.jobs.runOnce();
      const levels = (await calls().list((await person('cc')).headers)).json<ServiceLevelListReply>().data;
      expect(levels.find((level) => level.department === 'oss-bss')).toEqual({ ...changed, recompute: null });
    });

    it('records the change in the audit trail: who, which department and the new hours', async () => {
      const admin = await person('cc', 'admin');
      const reply = await calls().set(admin.headers, 'rs', { first_reply_hours: 6, resolve_hours: 72 });
      expect(reply.statusCode, reply.body).toBe(200);
      const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.actorUserId, admin.user.id));
      expect(rows.map(({ action, target, details }) => ({ action, target, details }))).toEqual([
        {
          action: 'service_level.update',
          target: 'service_level:rs',
          details: { first_reply_hours: 6, resolve_hours: 72, calendar_id: null },
        },
      ]);
    });

    it.each([
      ['no hours', { first_reply_hours: 0, resolve_hours: 48 }],
      ['more than 30 days', { first_reply_hours: 4, resolve_hours: SERVICE_LEVEL_MAX_HOURS + 1 }],
      ['a fraction', { first_reply_hours: 1.5, resolve_hours: 48 }],
      ['text', { first_reply_hours: '4', resolve_hours: 48 }],
    ])('refuses %s with 400', async (_name, body) => {
      const reply = await calls().set((await person('cc', 'admin')).headers, 'cc', body);
      expect(reply.statusCode, reply.body).toBe(400);
    });

    it('refuses a holder that is not a department (agent) with 400', async () => {
      const reply = await calls().set((await person('cc', 'admin')).headers, 'agent', {
        first_reply_hours: 4,
        resolve_hours: 48,
      });
      expect(reply.statusCode, reply.body).toBe(400);
    });
  });

  describe('due times', () => {
    it('gives staff the due time, first reply level from creation, and agents and customers nothing', async () => {
      const customer = await person('customer');
      const createdAt = new Date(Date.now() - HOUR);
      const ticket = await buildTicket(ctx.db, customer.user, { createdAt });
      const staffView = await ticketAs((await person('rs')).headers, ticket.ticketId);
      expect(staffView).toMatchObject({ due_at: hoursAfter(createdAt, 4), overdue: false });
      const ownView = await ticketAs(customer.headers, ticket.ticketId);
      expect(ownView).not.toHaveProperty('due_at');
      expect(ownView).not.toHaveProperty('overdue');
    });

    it('counts the resolve level from creation once staff replied, not after an internal note or the issuer', async () => {
      const customer = await person('customer');
      const staff = await person('rs');
      const createdAt = new Date(Date.now() - 5 * HOUR);
      const ticket = await buildTicket(ctx.db, customer.user, { createdAt });
      await post(customer.headers, '/tickets/add-comment', { ticket_id: ticket.ticketId, message: 'Any news?' });
      await post(staff.headers, '/tickets/add-comment', { ticket_id: ticket.ticketId, message: 'Checking', is_internal: true });
      expect(await ticketAs(staff.headers, ticket.ticketId)).toMatchObject({ due_at: hoursAfter(createdAt, 4), overdue: true });

      await post(staff.headers, '/tickets/add-comment', { ticket_id: ticket.ticketId, message: 'We are on it.' });
      const stored = await storedTicket(ctx.db, ticket.ticketId);
      expect(stored.firstStaffReplyAt).not.toBeNull();
      expect(await ticketAs(staff.headers, ticket.ticketId)).toMatchObject({ due_at: hoursAfter(createdAt, 48), overdue: false });

      // A later reply is not the first one.
      await post(staff.headers, '/tickets/add-comment', { ticket_id: ticket.ticketId, message: 'Still on it.' });
      expect((await storedTicket(ctx.db, ticket.ticketId)).firstStaffReplyAt).toEqual(stored.firstStaffReplyAt);
    });

    it('does not count a staff issuer answering their own ticket as the first reply', async () => {
      const staff = await person('iptsp');
      const ticket = await buildTicket(ctx.db, staff.user);
      await post(staff.headers, '/tickets/add-comment', { ticket_id: ticket.ticketId, message: 'More details.' });
      expect((await storedTicket(ctx.db, ticket.ticketId)).firstStaffReplyAt).toBeNull();
    });

    it("uses the holder's levels after a forward across departments", async () => {
      const admin = await person('cc', 'admin');
      await calls().set(admin.headers, 'rs', { first_reply_hours: 8, resolve_hours: 48 });
      const createdAt = new Date(Date.now() - 5 * HOUR);
      const ticket = await buildTicket(ctx.db, (await person('customer')).user, { createdAt });
      const cc = await person('cc');
      expect(await ticketAs(cc.headers, ticket.ticketId)).toMatchObject({ due_at: hoursAfter(createdAt, 4), overdue: true });

      await post(cc.headers, '/tickets/forward-ticket', {
        ticket_id: ticket.ticketId,
        previously_issued_to: 'cc',
        newly_issued_to: 'rs',
        forward_cause: 'Billing question',
      });
      expect(await ticketAs(cc.headers, ticket.ticketId)).toMatchObject({ due_at: hoursAfter(createdAt, 8), overdue: false });
    });

    it('has no due time once solved, and counts the resolve level again from a reopen', async () => {
      const customer = await person('customer');
      const cc = await person('cc');
      const createdAt = new Date(Date.now() - 10 * 24 * HOUR);
      const ticket = await buildTicket(ctx.db, customer.user, { createdAt });
      await post(cc.headers, '/tickets/resolve-ticket', { ticket_id: ticket.ticketId });
      expect(await ticketAs(cc.headers, ticket.ticketId)).toMatchObject({ due_at: null, overdue: false });

      await post(customer.headers, '/tickets/add-comment', { ticket_id: ticket.ticketId, message: 'Still broken.' });
      const reopened = await storedTicket(ctx.db, ticket.ticketId);
      expect(reopened.ticketStatus).toBe('open');
      if (!reopened.reopenedAt) throw new Error('the reopen was not stamped');
      expect(await ticketAs(cc.headers, ticket.ticketId)).toMatchObject({
        due_at: hoursAfter(reopened.reopenedAt, 48),
        overdue: false,
      });
    });

    it('has no due time for a ticket an agent holds', async () => {
      const ticket = await buildTicket(ctx.db, (await person('agent')).user, { issuedTo: 'agent' });
      expect(await ticketAs((await person('cc')).headers, ticket.ticketId)).toMatchObject({ due_at: null, overdue: false });
    });

    it("moves the due times of a department's unsolved tickets in the background when its levels change", async () => {
      const createdAt = new Date(Date.now() - 2 * HOUR);
      const customer = await person('customer');
      const held = await buildTicket(ctx.db, customer.user, { createdAt, issuedTo: 'iptsp' });
      const elsewhere = await buildTicket(ctx.db, customer.user, { createdAt, issuedTo: 'rs' });
      const solved = await buildTicket(ctx.db, customer.user, { createdAt, issuedTo: 'iptsp', ticketStatus: 'closed' });
      await calls().set((await person('cc', 'admin')).headers, 'iptsp', { first_reply_hours: 1, resolve_hours: 12 });
      const staff = await person('iptsp');
      // Not in the request: the tickets move when the background recomputation runs.
      expect(await ticketAs(staff.headers, held.ticketId)).toMatchObject({ due_at: hoursAfter(createdAt, 4) });
      await ctx.app.jobs.runOnce();

      expect(await ticketAs(staff.headers, held.ticketId)).toMatchObject({ due_at: hoursAfter(createdAt, 1), overdue: true });
      expect(await ticketAs(staff.headers, elsewhere.ticketId)).toMatchObject({ due_at: hoursAfter(createdAt, 4) });
      expect(await ticketAs(staff.headers, solved.ticketId)).toMatchObject({ due_at: null });
    });
  });

  describe('the Overdue filter', () => {
    const listOf = async (headers: Headers, query: string) => {
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/user-type-wise-tickets/1?${query}`, headers });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<TicketListReply>();
    };

    it('lists only overdue tickets for staff, with the flag and due time on each row', async () => {
      const customer = await person('customer');
      const number = '8801700000001';
      const late = await buildTicket(ctx.db, customer.user, {
        problematicNumber: number,
        createdAt: new Date(Date.now() - 6 * HOUR),
      });
      const fresh = await buildTicket(ctx.db, customer.user, { problematicNumber: number });
      await buildTicket(ctx.db, customer.user, {
        problematicNumber: number,
        ticketStatus: 'closed',
        createdAt: new Date(Date.now() - 99 * HOUR),
      });
      const staff = await person('oss_bss');

      const all = await listOf(staff.headers, `problematic_number=${number}`);
      expect(all.data.map((row) => [row.ticket_id, row.overdue])).toEqual(
        expect.arrayContaining([
          [late.ticketId, true],
          [fresh.ticketId, false],
        ]),
      );
      const overdue = await listOf(staff.headers, `problematic_number=${number}&overdue=true`);
      expect(overdue.data.map((row) => row.ticket_id)).toEqual([late.ticketId]);
      expect(overdue.data[0]?.due_at).toBe(hoursAfter(late.createdAt, 4));
      expect((await listOf(staff.headers, `problematic_number=${number}&overdue=false`)).total_tickets).toBe(3);
    });

    it('is not a customer filter: the customer gets their whole list, without due times', async () => {
      const customer = await person('customer');
      await buildTicket(ctx.db, customer.user, { createdAt: new Date(Date.now() - 6 * HOUR) });
      await buildTicket(ctx.db, customer.user);
      const list = await listOf(customer.headers, 'overdue=true');
      expect(list.total_tickets).toBe(2);
      for (const row of list.data) expect(row).not.toHaveProperty('overdue');
    });

    it('counts a ticket exactly at its due time as not overdue, and one second later as overdue', async () => {
      const ticket = await buildTicket(ctx.db, (await person('customer')).user, { issuedTo: 'rs' });
      const filter = { ticketId: ticket.ticketId, overdue: true } as const;
      // One transaction: now() is the same instant in the update and in the list.
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(tickets)
          .set({ createdAt: sql`now() - interval '4 hours'` })
          .where(eq(tickets.ticketId, ticket.ticketId));
        expect((await listTicketPage(tx, filter, 0, 10)).total).toBe(0);
        expect((await listTicketPage(tx, { ticketId: ticket.ticketId }, 0, 10)).rows[0]?.overdue).toBe(false);
        await tx
          .update(tickets)
          .set({ createdAt: sql`now() - interval '4 hours 1 second'` })
          .where(eq(tickets.ticketId, ticket.ticketId));
        const late = await listTicketPage(tx, filter, 0, 10);
        expect(late.rows.map((row) => [row.ticketId, row.overdue])).toEqual([[ticket.ticketId, true]]);
      });
    });
  });
});
