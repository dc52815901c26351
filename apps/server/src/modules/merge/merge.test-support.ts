/** Builders of the merge tests: one customer's duplicates, the calls, and what a merge leaves. */
import { and, eq } from 'drizzle-orm';
import type { MergeCandidatesReply, Ticket } from '@switchboard/shared';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket, randomProblematicNumber } from '../../../test/ticket-factories.ts';
import { auditLog } from '../../db/schema.ts';

export type Headers = Record<string, string>;
type TicketFields = NonNullable<Parameters<typeof buildTicket>[2]>;

export function mergeCalls(ctx: TestContext) {
  return {
    merge: (headers: Headers, sourceId: number | string, intoId: number | string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/tickets/${sourceId}/merge`,
        headers,
        payload: { into_ticket_id: intoId },
      }),
    candidates: async (headers: Headers, sourceId: number, q?: string) => {
      const query = q === undefined ? '' : `?q=${encodeURIComponent(q)}`;
      return ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/${sourceId}/merge-candidates${query}`, headers });
    },
    candidateIds: async (headers: Headers, sourceId: number, q?: string) => {
      const query = q === undefined ? '' : `?q=${encodeURIComponent(q)}`;
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/${sourceId}/merge-candidates${query}`, headers });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<MergeCandidatesReply>().data.map((candidate) => candidate.ticket_id);
    },
    view: async (headers: Headers, ticketId: number): Promise<Ticket> => {
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers });
      expect(reply.statusCode, reply.body).toBe(200);
      const [ticket] = reply.json<{ data: Ticket[] }>().data;
      if (!ticket) throw new Error('no ticket in the reply');
      return ticket;
    },
    auditRows: (sourceId: number) =>
      ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `ticket:${sourceId}`), eq(auditLog.action, 'ticket.merge'))),
  };
}

/** A customer with two unsolved tickets about one number (the older first), and a cc staff member. */
export async function duplicates(ctx: TestContext, fields: TicketFields = {}, second: TicketFields = {}) {
  const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Karim' });
  const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc', name: 'Rahim' });
  const problematicNumber = fields.problematicNumber ?? randomProblematicNumber();
  const older = await buildTicket(ctx.db, customer.user, {
    title: 'No internet at home',
    problematicNumber,
    createdAt: new Date(Date.now() - 60 * 60_000),
    ...fields,
  });
  const newer = await buildTicket(ctx.db, customer.user, { title: 'Still no internet', problematicNumber, ...fields, ...second });
  return { customer, staff, older, newer, problematicNumber };
}
