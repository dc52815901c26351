import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createClient } from '../../../test/api-client-factories.ts';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildArea, buildAreaIncident, buildSubscriber } from '../../../test/outage-factories.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, subscribers, tickets, users } from '../../db/schema.ts';
import { listen } from '../events/events.test-support.ts';
import { answersTo, gatewayPeer, inboundFrom, optedOutAt, type GatewayPeer } from './sms-gateway.test-support.ts';

describeWithApp('inbound SMS keywords', (ctx) => {
  let gateway: GatewayPeer;

  beforeAll(async () => {
    const admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    const client = await createClient(ctx.app, ctx.db, admin, { scopes: ['channels:inbound'] });
    gateway = gatewayPeer(await listen(ctx.app), client.headers);
    await buildGroup(ctx.db, { name: 'Inbound' });
  });

  /** A customer whose number is also a subscriber of a new area, in `language`. */
  const subscribedCustomer = async (language: 'bn' | 'en') => {
    const customer = await buildUser(ctx.db);
    const area = await buildArea(ctx.db);
    await buildSubscriber(ctx.db, area, { number: customer.productNumber });
    await ctx.db.update(subscribers).set({ language }).where(eq(subscribers.number, customer.productNumber));
    return { customer, area, number: customer.productNumber };
  };

  it("answers STATUS with the number's open tickets (not closed ones, not another number's) and its area's outage", async () => {
    const { customer, area, number } = await subscribedCustomer('en');
    const open = await buildTicket(ctx.db, customer);
    const working = await buildTicket(ctx.db, customer, { ticketStatus: 'in_progress' });
    await buildTicket(ctx.db, customer, { ticketStatus: 'closed' });
    await buildTicket(ctx.db, await buildUser(ctx.db));
    await buildAreaIncident(ctx.db, [area], { createdAt: new Date('2026-11-27T08:05:00Z') });
    const reply = await gateway.inbound({ from: number, text: '  status ' }, 'get');
    expect(reply.body.data).toEqual({ outcome: 'status', ticket_id: null, repeat: false });
    const [answer, ...more] = await answersTo(ctx.db, number);
    expect(more).toEqual([]);
    expect(answer?.body).toContain(`#${open.ticketId} open`);
    expect(answer?.body).toContain(`#${working.ticketId} in progress`);
    expect(answer?.body).toMatch(/A known outage affects your area since 27 Nov, 14:05/);
    expect(answer?.body.match(/#\d+/g)).toHaveLength(2);
  });

  it('answers অবস্থা in Bangla, with none open and no outage; a number without account or subscriber gets Bangla', async () => {
    const { number } = await subscribedCustomer('bn');
    await gateway.inbound({ from: number, text: 'অবস্থা' });
    expect((await answersTo(ctx.db, number))[0]?.body).toContain('এই নম্বরে কোনো খোলা টিকিট নেই');
    const stranger = '8801999000111';
    await gateway.inbound({ from: stranger, text: 'STATUS' });
    expect((await answersTo(ctx.db, stranger))[0]?.body).toContain('কোনো খোলা টিকিট নেই');
    expect(await ctx.db.select().from(users).where(eq(users.productNumber, stranger))).toEqual([]);
  });

  it('opts out on STOP and in on START, each acknowledged and audited once, and never touches another number', async () => {
    const { number } = await subscribedCustomer('en');
    const { number: neighbour } = await subscribedCustomer('en');
    expect((await gateway.inbound({ from: number, text: 'Stop' })).body.data.outcome).toBe('stop');
    expect(await optedOutAt(ctx.db, number)).toBeInstanceOf(Date);
    await gateway.inbound({ from: number, text: 'STOP' }, 'form');
    expect((await answersTo(ctx.db, number)).map((row) => row.body)).toEqual([
      'Switchboard: you will get no more outage messages. Reply START to get them again.',
    ]);
    await gateway.inbound({ from: number, text: 'চালু' });
    await gateway.inbound({ from: number, text: 'start' });
    expect(await optedOutAt(ctx.db, number)).toBeNull();
    expect(await answersTo(ctx.db, number)).toHaveLength(2);
    expect(await optedOutAt(ctx.db, neighbour)).toBeNull();
    expect(await answersTo(ctx.db, neighbour)).toEqual([]);
    const audited = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, `subscriber:${number}`)));
    expect(audited.map((row) => row.action).sort()).toEqual(['subscriber.opt_in', 'subscriber.opt_out']);
    expect((await inboundFrom(ctx.db, number)).map((row) => row.outcome)).toEqual(['stop', 'stop', 'start', 'start']);
  });

  it('takes বন্ধ as STOP, and still tells an opted-out number of its own tickets', async () => {
    const { customer, number } = await subscribedCustomer('bn');
    await gateway.inbound({ from: number, text: 'বন্ধ' });
    expect(await optedOutAt(ctx.db, number)).toBeInstanceOf(Date);
    const reply = await gateway.inbound({ from: number, text: 'My line is down' });
    expect(reply.body.data.outcome).toBe('ticket');
    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.issuerUserId, customer.id));
    expect(ticket).toBeDefined();
    expect((await answersTo(ctx.db, number)).map((row) => row.ticketId)).toEqual([null, ticket?.ticketId]);
  });

  it('files a digit as a message: satisfaction ratings are no keyword yet', async () => {
    const { customer, number } = await subscribedCustomer('en');
    const ticket = await buildTicket(ctx.db, customer);
    expect((await gateway.inbound({ from: number, text: '5' })).body.data).toMatchObject({
      outcome: 'comment',
      ticket_id: ticket.ticketId,
    });
  });
});
