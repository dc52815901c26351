import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Department, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { comments } from '../../db/schema.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { outboxOf } from '../notifications/notifications.test-support.ts';
import { auditOf, incidentCalls, storedTicket, ticketAuditOf } from './incidents.test-support.ts';

const MESSAGE = 'The fibre cable is repaired; your connection is back.';

describeWithApp('resolving an incident', (ctx) => {
  const calls = () => incidentCalls(ctx.app);
  const person = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });

  /** An incident with one ticket per holder (each of its own customer) and one already solved. */
  const incidentAcrossDepartments = async (staffHeaders: Record<string, string>) => {
    const holders: Department[] = ['cc', 'rs', 'iptsp', 'oss-bss'];
    const issuers = await Promise.all(holders.map(() => person('customer')));
    const open = [];
    for (const [index, issuedTo] of holders.entries())
      open.push(
        await buildTicket(ctx.db, issuers[index]?.user ?? null, { issuedTo, ticketStatus: index % 2 ? 'in_progress' : 'open' }),
      );
    const solved = await buildTicket(ctx.db, issuers[0]?.user ?? null, { issuedTo: 'rs', ticketStatus: 'closed' });
    const created = await calls().create(staffHeaders, {
      title: 'Fibre cut',
      ticket_ids: [...open.map((ticket) => ticket.ticketId), solved.ticketId],
    });
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json<{ data: { id: number } }>().data.id, open, solved, issuers };
  };

  it('solves every unsolved ticket for cc, whoever holds it, with the message as an external comment, and audits each', async () => {
    const cc = await person('cc', 'Farhana Akter');
    const { id, open, solved, issuers } = await incidentAcrossDepartments(cc.headers);
    const solvedBefore = await storedTicket(ctx.db, solved.ticketId);

    const reply = await calls().resolve(cc.headers, id, `  ${MESSAGE}\r\n`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      message: 'Resolved the incident and 4 tickets',
      affected: 4,
      data: { status: 'resolved', resolution_message: MESSAGE, open_ticket_count: 0, ticket_count: 5 },
    });
    for (const ticket of open) {
      const stored = await storedTicket(ctx.db, ticket.ticketId);
      expect(stored).toMatchObject({
        status: 'closed',
        issuedTo: ticket.issuedTo,
        comments: [{ message: MESSAGE, internal: false, by: 'Farhana Akter' }],
      });
      expect(stored.resolvedAt).toBeInstanceOf(Date);
    }
    // The ticket solved before keeps its resolve and gets no message.
    expect(await storedTicket(ctx.db, solved.ticketId)).toEqual(solvedBefore);
    expect(await outboxOf(ctx.db, solved.ticketId)).toEqual([]);

    // Each issuer is told once, by SMS to the number they signed in with.
    for (const [index, ticket] of open.entries()) {
      const told = await outboxOf(ctx.db, ticket.ticketId);
      expect(told.map((row) => [row.channel, row.kind, row.recipient])).toEqual([
        ['sms', 'resolved', issuers[index]?.user.productNumber],
      ]);
      expect(told[0]?.body).toContain(String(ticket.ticketId));
    }

    // The customer reads the message from "customer support" on the solved ticket.
    const seen = await calls().view(issuers[1]?.headers ?? {}, open[1]?.ticketId ?? 0);
    expect(seen.ticket_status).toBe('closed');
    expect(seen.comments.map((comment) => [comment.message, comment.commenter_name])).toEqual([[MESSAGE, 'customer support']]);

    const openIds = open.map((ticket) => ticket.ticketId);
    expect((await auditOf(ctx.db, id)).map((row) => [row.action, row.details])).toEqual([
      ['incident.create', { title: 'Fibre cut', tickets_linked: 5, ticket_ids: [...openIds, solved.ticketId] }],
      ['incident.resolve', { tickets_resolved: 4, ticket_ids: openIds }],
    ]);
    // Each ticket it closed has the rows of its own resolve and of the reply it got, by the same person.
    for (const ticket of open) {
      const [comment] = await ctx.db.select().from(comments).where(eq(comments.ticketId, ticket.ticketId));
      expect(await ticketAuditOf(ctx.db, ticket.ticketId)).toEqual([
        {
          action: 'comment.create',
          actor: cc.user.id,
          details: { comment_id: comment?.id, internal: false, attachments: 0, incident_id: id },
        },
        {
          action: 'ticket.resolve',
          actor: cc.user.id,
          details: { holder: ticket.issuedTo, from_status: ticket.ticketStatus, incident_id: id },
        },
      ]);
    }
    expect(await ticketAuditOf(ctx.db, solved.ticketId)).toEqual([]);
  });

  it('answers a second resolve with 409 and resolves nothing twice', async () => {
    const cc = await person('cc');
    const { id, open } = await incidentAcrossDepartments(cc.headers);
    expect((await calls().resolve(cc.headers, id)).statusCode).toBe(200);
    const again = await calls().resolve(cc.headers, id, 'Second click');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This incident is already resolved.', code: 'conflict' });
    expect((await storedTicket(ctx.db, open[0]?.ticketId ?? 0)).comments).toHaveLength(1);
    expect(await outboxOf(ctx.db, open[0]?.ticketId ?? 0)).toHaveLength(1);
    expect((await auditOf(ctx.db, id)).filter((row) => row.action === 'incident.resolve')).toHaveLength(1);
  });

  it('refuses to link to or unlink from a resolved incident', async () => {
    const cc = await person('cc');
    const { id, open } = await incidentAcrossDepartments(cc.headers);
    await calls().resolve(cc.headers, id);
    const fresh = await buildTicket(ctx.db, null, {});
    expect((await calls().link(cc.headers, id, [fresh.ticketId])).statusCode).toBe(409);
    expect((await calls().unlink(cc.headers, id, open[0]?.ticketId ?? 0)).statusCode).toBe(409);
    expect((await storedTicket(ctx.db, fresh.ticketId)).incidentId).toBeNull();
  });

  it('refuses a blank resolution message', async () => {
    const cc = await person('cc');
    const { id, open } = await incidentAcrossDepartments(cc.headers);
    expect((await calls().resolve(cc.headers, id, '  \n ')).statusCode).toBe(400);
    expect((await storedTicket(ctx.db, open[0]?.ticketId ?? 0)).status).toBe('open');
  });

  it('lets exactly one of many concurrent resolves win', async () => {
    const people = await Promise.all(['cc', 'cc', 'cc', 'cc', 'cc'].map((type) => person(type as UserType)));
    const { id, open } = await incidentAcrossDepartments(people[0]?.headers ?? {});
    const replies = await Promise.all(people.map((who, index) => calls().resolve(who.headers, id, `${MESSAGE} (${index})`)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const ticket of open) {
      expect((await storedTicket(ctx.db, ticket.ticketId)).comments).toHaveLength(1);
      expect(await outboxOf(ctx.db, ticket.ticketId)).toHaveLength(1);
    }
    expect((await auditOf(ctx.db, id)).filter((row) => row.action === 'incident.resolve')).toHaveLength(1);
  });
});
