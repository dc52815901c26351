import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DEPARTMENTS, type Department, type UserType } from '@switchboard/shared';
import { forwardEvents } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { chainByDefinition, chainMembersOf, storedChainOf, workflowCalls, type Headers } from './forwarding.test-support.ts';

describeWithApp('forward_chain_members, kept in step with the forwards', (ctx) => {
  const headers: Partial<Record<UserType, Headers>> = {};
  const headersOf = (userType: UserType): Headers => {
    const found = headers[userType];
    if (!found) throw new Error(`nobody of type ${userType}`);
    return found;
  };

  beforeAll(async () => {
    for (const userType of ['cc', 'rs', 'iptsp', 'oss_bss'] as const) {
      headers[userType] = (await signedInAs(ctx.app, ctx.db, { userType })).headers;
    }
  });

  const newTicket = async (issuedTo: Department) => (await buildTicket(ctx.db, null, { issuedTo })).ticketId;

  async function forward(by: UserType, ticketId: number, from: Department, to: Department, inLoop: boolean) {
    const reply = await workflowCalls(ctx.app).forward(headersOf(by), {
      ticket_id: ticketId,
      previously_issued_to: from,
      newly_issued_to: to,
      forward_cause: `${from} to ${to}`,
      is_in_forward_loop: inLoop,
    });
    if (reply.statusCode !== 200) throw new Error(`forward of ${ticketId} answered ${reply.statusCode}: ${reply.body}`);
  }

  /** When each forward of the ticket was stored, oldest first, as PostgreSQL prints it (microseconds kept). */
  async function forwardTimes(ticketId: number): Promise<string[]> {
    const rows = await ctx.db
      .select({ at: sql<string>`${forwardEvents.createdAt}::text` })
      .from(forwardEvents)
      .where(eq(forwardEvents.ticketId, ticketId))
      .orderBy(asc(forwardEvents.createdAt));
    return rows.map((row) => row.at);
  }

  /** The departments whose chain holds the ticket, and the last forward each row carries. */
  async function membersOf(ticketId: number): Promise<{ departments: Department[]; lastForwards: Set<string> }> {
    const members = await chainMembersOf(ctx.db, ticketId);
    return {
      departments: members.map((member) => member.department),
      lastForwards: new Set(members.map((member) => member.lastForwardedAt)),
    };
  }

  it('puts a forwarded ticket in the chain of the department it went to, at the time of the forward', async () => {
    const ticketId = await newTicket('cc');
    await forward('cc', ticketId, 'cc', 'rs', false);
    expect(await membersOf(ticketId)).toEqual({ departments: ['rs'], lastForwards: new Set(await forwardTimes(ticketId)) });
  });

  it('keeps the forwarder that stays in the loop in the chain, and only that one', async () => {
    const stays = await newTicket('iptsp');
    const leaves = await newTicket('iptsp');
    await forward('iptsp', stays, 'iptsp', 'oss-bss', true);
    await forward('iptsp', leaves, 'iptsp', 'oss-bss', false);
    expect((await membersOf(stays)).departments).toEqual(['iptsp', 'oss-bss']);
    expect((await membersOf(leaves)).departments).toEqual(['oss-bss']);
  });

  it('moves every member of the chain to the second forward of the ticket, and adds its recipient', async () => {
    const ticketId = await newTicket('cc');
    await forward('cc', ticketId, 'cc', 'iptsp', true);
    const [first] = await forwardTimes(ticketId);
    expect(await membersOf(ticketId)).toEqual({ departments: ['cc', 'iptsp'], lastForwards: new Set([first]) });
    await forward('iptsp', ticketId, 'iptsp', 'rs', false);
    const [, second] = await forwardTimes(ticketId);
    expect(second).not.toBe(first);
    expect(await membersOf(ticketId)).toEqual({ departments: ['cc', 'iptsp', 'rs'], lastForwards: new Set([second]) });
  });

  it('puts a solved ticket handed to Corporate Support in the chain of cc', async () => {
    const ticketId = await newTicket('rs');
    expect((await workflowCalls(ctx.app).resolve(headersOf('rs'), ticketId)).statusCode).toBe(200);
    await forward('rs', ticketId, 'rs', 'cc', false);
    expect((await membersOf(ticketId)).departments).toEqual(['cc']);
  });

  it('follows forwards written straight into forward_events, as the demo seed does, and their removal', async () => {
    const ticketId = await newTicket('cc');
    const event = (from: 'cc' | 'rs' | 'agent', to: Department, inLoop: boolean, at: string) => ({
      ticketId,
      previouslyIssuedTo: from,
      newlyIssuedTo: to,
      forwardCause: 'Loaded',
      isInForwardLoop: inLoop,
      forwardedByName: 'Staff',
      createdAt: new Date(at),
    });
    // One statement with several forwards of one ticket, one from a holder that is no department.
    const stored = await ctx.db
      .insert(forwardEvents)
      .values([
        event('cc', 'rs', true, '2026-01-01T10:00:00Z'),
        event('rs', 'iptsp', false, '2026-01-02T10:00:00Z'),
        event('agent', 'oss-bss', true, '2026-01-03T10:00:00Z'),
      ])
      .returning({ id: forwardEvents.id, to: forwardEvents.newlyIssuedTo });
    const newest = async () => new Set((await forwardTimes(ticketId)).slice(-1));
    expect(await membersOf(ticketId)).toEqual({ departments: ['cc', 'iptsp', 'oss-bss', 'rs'], lastForwards: await newest() });

    const later = stored.filter((row) => row.to !== 'rs').map((row) => row.id);
    await ctx.db
      .update(forwardEvents)
      .set({ createdAt: new Date('2026-01-04T10:00:00Z') })
      .where(inArray(forwardEvents.id, later));
    expect(await membersOf(ticketId)).toEqual({ departments: ['cc', 'iptsp', 'oss-bss', 'rs'], lastForwards: await newest() });

    // The first forward alone is left: cc stayed in the loop, rs received it.
    await ctx.db.delete(forwardEvents).where(inArray(forwardEvents.id, later));
    expect(await membersOf(ticketId)).toEqual({ departments: ['cc', 'rs'], lastForwards: await newest() });
    await ctx.db.delete(forwardEvents).where(eq(forwardEvents.ticketId, ticketId));
    expect(await chainMembersOf(ctx.db, ticketId)).toEqual([]);
  });

  it('holds, for every department, exactly the chain its definition gives, in the list order', async () => {
    for (const department of DEPARTMENTS) {
      const expected = await chainByDefinition(ctx.db, department);
      expect(expected.length, department).toBeGreaterThan(0);
      expect(await storedChainOf(ctx.db, department), department).toEqual(expected);
    }
  });
});
