/**
 * Tags where staff find tickets by them (DESIGN.md §27): the list's `tag=` filter and each row's
 * tags, and the report's Tags column. Customers and agents neither filter by them nor receive them.
 */
import { beforeAll, expect, it } from 'vitest';
import type { TicketListReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { downloadWorkbook, insertTicket, JUNE, recordsOf, reportLink, sheetOf } from '../reports/reports.test-support.ts';

type Headers = Record<string, string>;

describeWithApp('tags in the ticket list and the report', (ctx) => {
  const people = {} as Record<'cc' | 'customer' | 'agent', { headers: Headers; user: { id: string } }>;
  const ids = { swapped: 0, alsoSwapped: 0, untagged: 0, agents: 0 };
  /** A tag no other suite's tickets carry. */
  const swap = `onu swap ${Math.random().toString(36).slice(2, 7)}`;

  const setTags = async (ticketId: number, tags: string[]) => {
    const reply = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/tickets/${ticketId}/tags`,
      headers: people.cc.headers,
      payload: { tags },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const list = async (who: keyof typeof people, query: Record<string, string> = {}, page = 1) => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/${page}?${new URLSearchParams(query).toString()}`,
      headers: people[who].headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<TicketListReply>();
  };

  beforeAll(async () => {
    const person = (userType: UserType) => signedInAs(ctx.app, ctx.db, { userType });
    const [cc, customer, agent] = await Promise.all([person('cc'), person('customer'), person('agent')]);
    Object.assign(people, { cc, customer, agent });
    ids.swapped = (await buildTicket(ctx.db, customer.user)).ticketId;
    ids.untagged = (await buildTicket(ctx.db, customer.user)).ticketId;
    ids.alsoSwapped = (await buildTicket(ctx.db, customer.user, { ticketStatus: 'closed' })).ticketId;
    ids.agents = (await buildTicket(ctx.db, agent.user, { issuerUserType: 'agent' })).ticketId;
    await setTags(ids.swapped, [swap, 'billing']);
    await setTags(ids.alsoSwapped, [swap]);
    await setTags(ids.agents, [swap]);
  });

  it('finds the tickets with the tag, normalised as stored, counted, with each row its tags', async () => {
    const found = await list('cc', { tag: `  ${swap.toUpperCase()}  ` });
    expect(found.data.map((row) => row.ticket_id)).toEqual([ids.agents, ids.alsoSwapped, ids.swapped]);
    expect(found.total_tickets).toBe(3);
    expect(found.data.find((row) => row.ticket_id === ids.swapped)?.tags).toEqual(['billing', swap]);
    const closed = await list('cc', { tag: swap, status: 'closed' });
    expect(closed.data.map((row) => row.ticket_id)).toEqual([ids.alsoSwapped]);
    expect(closed.total_tickets).toBe(1);
    expect((await list('cc', { tag: `${swap}x` })).data).toEqual([]);
  });

  it('gives staff every row its tags, an empty list when it has none', async () => {
    const rows = (await list('cc', { problematic_number: '' })).data;
    const untagged = rows.find((row) => row.ticket_id === ids.untagged);
    expect(untagged?.tags).toEqual([]);
  });

  it('pages the tagged tickets past the first page', async () => {
    const many = `many ${Math.random().toString(36).slice(2, 7)}`;
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const tickets = [];
    for (let index = 0; index < 12; index++) tickets.push((await buildTicket(ctx.db, issuer.user)).ticketId);
    for (const ticketId of tickets) await setTags(ticketId, [many]);
    const second = await list('cc', { tag: many }, 2);
    expect(second.total_tickets).toBe(12);
    expect(second.data.map((row) => row.ticket_id)).toEqual(tickets.slice(0, 2).reverse());
  });

  it('drops the filter for a customer and an agent, and never gives them tags', async () => {
    const customer = await list('customer', { tag: swap });
    expect(customer.data.map((row) => row.ticket_id).sort()).toEqual([ids.swapped, ids.untagged, ids.alsoSwapped].sort());
    for (const row of customer.data) expect(row).not.toHaveProperty('tags');
    const agent = await list('agent', { tag: 'no such tag' });
    expect(agent.data.map((row) => row.ticket_id)).toEqual([ids.agents]);
    expect(agent.data[0]).not.toHaveProperty('tags');
  });

  it('refuses a tag the schema refuses', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/1?tag=${'x'.repeat(31)}`,
      headers: people.cc.headers,
    });
    expect(reply.statusCode).toBe(400);
  });

  it("ends the report's ticket columns with the tags, comma-separated", async () => {
    const { group } = await buildGroup(ctx.db, { subgroups: [] });
    const inGroup = { groupId: group.id, groupName: group.groupName };
    const tagged = await insertTicket(ctx.db, null, { ...inGroup, createdAt: new Date('2025-06-10T06:00:00Z') });
    const plain = await insertTicket(ctx.db, null, { ...inGroup, createdAt: new Date('2025-06-11T06:00:00Z') });
    await setTags(tagged.ticketId, ['onu swap', 'billing', '=cmd|x']);
    const workbook = await downloadWorkbook(
      ctx.app,
      await reportLink(ctx.app, people.cc.headers, { ...JUNE, group_id: group.id }),
    );
    const sheet = sheetOf(workbook, 'Tickets');
    const headers = (sheet.getRow(1).values as unknown[]).filter((value) => typeof value === 'string');
    expect(headers.at(-1)).toBe('Tags');
    const records = recordsOf(sheet);
    const byId = (id: number) => records.find((record) => record['Ticket ID']?.value === id);
    // A text cell, never a formula, whatever a tag begins with.
    expect(byId(tagged.ticketId)?.['Tags']?.text).toBe('=cmd|x, billing, onu swap');
    expect(byId(tagged.ticketId)?.['Tags']?.formula).toBeUndefined();
    expect(byId(plain.ticketId)?.['Tags']?.value ?? null).toBeNull();
  });
});
