/**
 * Erasure of a number's personal data (DESIGN.md §29): admins only, with the number typed again;
 * the number's accounts, tickets, comments and subscriber row lose it in one transaction, another
 * number keeps everything, the audit names no number, and the number signs in again as a new customer.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Role, UserType } from '@switchboard/shared';
import { createClient } from '../../../test/api-client-factories.ts';
import { buildUser, signedInAs, signInWithOtp } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildTicket, randomProblematicNumber } from '../../../test/ticket-factories.ts';
import { areas, auditLog, comments, inboundMessages, outboxMessages, subscribers, tickets, users } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';

describeWithApp('erasing a number', (ctx) => {
  const erase = (headers: Record<string, string>, number: string, confirm: unknown = number) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/numbers/${encodeURIComponent(number)}/erase`, headers, payload: { confirm } });
  const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
  const ticketOf = async (id: number) => (await ctx.db.select().from(tickets).where(eq(tickets.ticketId, id)))[0];
  const userOf = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0];

  /** A customer with a ticket, a comment on it, a staff reply, a ticket about the number and a subscriber row. */
  async function personWithData() {
    const person = await buildUser(ctx.db, { name: 'Rahima Akter' });
    const staff = await buildUser(ctx.db, { userType: 'cc', name: 'Staff Person' });
    const own = await buildTicket(ctx.db, person, { clientEmail: 'rahima@example.com' });
    const about = await buildTicket(ctx.db, staff, { problematicNumber: person.productNumber });
    await ctx.db.insert(comments).values([
      {
        ticketId: own.ticketId,
        commenterUserId: person.id,
        commenterName: person.name,
        commenterUserType: 'customer',
        message: 'My address is 12 Road',
      },
      {
        ticketId: own.ticketId,
        commenterUserId: staff.id,
        commenterName: staff.name,
        commenterUserType: 'cc',
        message: 'We are on it',
      },
    ]);
    const code = `erase-${randomUUID().slice(0, 8)}`;
    await ctx.db.insert(areas).values({ code, nameEn: 'Area', nameBn: 'এলাকা' });
    await ctx.db.insert(subscribers).values({
      number: person.productNumber,
      name: 'Rahima Akter',
      areaCode: code,
      plan: 'Home 20',
      status: 'active',
      externalId: 'B-1',
    });
    await ctx.db.insert(outboxMessages).values([
      {
        channel: 'sms',
        kind: 'resolved',
        recipient: person.productNumber,
        body: 'Dear Rahima, solved',
        ticketId: own.ticketId,
        status: 'sent',
      },
      { channel: 'sms', kind: 'reply', recipient: person.productNumber, body: 'A reply waits', ticketId: own.ticketId },
    ]);
    await ctx.db.insert(inboundMessages).values({
      channel: 'sms',
      externalId: randomUUID(),
      sender: person.productNumber,
      outcome: 'comment',
      ticketId: own.ticketId,
    });
    return { person, staff, own, about };
  }

  it('replaces the personal data of the number and of nobody else, and counts what it changed', async () => {
    const { headers } = await admin();
    const erased = await personWithData();
    const kept = await personWithData();
    const reply = await erase(headers, `+${erased.person.productNumber}`, `0${erased.person.productNumber.slice(3)}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ data: { tickets: 2, comments: 1, users: 1, subscribers: 1 } });
    expect(reply.json<{ message: string }>().message).toContain('2 tickets');

    expect(await userOf(erased.person.id)).toMatchObject({ name: 'erased', productNumber: 'erased', phoneNumber: null });
    expect((await userOf(erased.person.id))?.deletedAt).not.toBeNull();
    expect(await ticketOf(erased.own.ticketId)).toMatchObject({ description: 'erased', clientEmail: null, issuerNumber: null });
    expect(await ticketOf(erased.about.ticketId)).toMatchObject({
      problematicNumber: 'erased',
      description: 'Since this morning.',
    });
    const written = await ctx.db.select().from(comments).where(eq(comments.ticketId, erased.own.ticketId));
    expect(written.find((c) => c.commenterUserId === erased.person.id)).toMatchObject({
      message: 'erased',
      commenterName: 'erased',
    });
    expect(written.find((c) => c.commenterUserId === erased.staff.id)).toMatchObject({ message: 'We are on it' });
    expect(await ctx.db.select().from(subscribers).where(eq(subscribers.number, erased.person.productNumber))).toHaveLength(0);

    const told = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.ticketId, erased.own.ticketId));
    expect(told.find((message) => message.status === 'sent')).toMatchObject({ body: 'erased' });
    expect(told.find((message) => message.status === 'sent')?.recipient).not.toContain(erased.person.productNumber);
    // A message still waiting goes to the line as it would have.
    expect(told.find((message) => message.status === 'pending')).toMatchObject({ recipient: erased.person.productNumber });
    const heard = await ctx.db.select().from(inboundMessages).where(eq(inboundMessages.ticketId, erased.own.ticketId));
    expect(heard).toMatchObject([{ sender: 'erased' }]);

    // The other number keeps everything.
    const keptTold = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.ticketId, kept.own.ticketId));
    expect(keptTold.map((message) => message.recipient)).toEqual([kept.person.productNumber, kept.person.productNumber]);
    const keptHeard = await ctx.db.select().from(inboundMessages).where(eq(inboundMessages.ticketId, kept.own.ticketId));
    expect(keptHeard).toMatchObject([{ sender: kept.person.productNumber }]);
    expect(await userOf(kept.person.id)).toMatchObject({
      name: 'Rahima Akter',
      productNumber: kept.person.productNumber,
      deletedAt: null,
    });
    expect(await ticketOf(kept.own.ticketId)).toMatchObject({
      description: 'Since this morning.',
      clientEmail: 'rahima@example.com',
    });
    expect(await ticketOf(kept.about.ticketId)).toMatchObject({ problematicNumber: kept.person.productNumber });
    const keptComments = await ctx.db.select().from(comments).where(eq(comments.ticketId, kept.own.ticketId));
    expect(keptComments.map((c) => c.message).sort()).toEqual(['My address is 12 Road', 'We are on it']);
    expect(await ctx.db.select().from(subscribers).where(eq(subscribers.number, kept.person.productNumber))).toMatchObject([
      { name: 'Rahima Akter' },
    ]);

    // One audit row naming the account, never the number.
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'number.erase'), eq(auditLog.target, `user:${erased.person.id}`)));
    expect(audit?.details).toMatchObject({ tickets: 2, comments: 1, users: 1, subscribers: 1, user_ids: [erased.person.id] });
    expect(JSON.stringify(audit)).not.toContain(erased.person.productNumber);
  });

  it('lets the number sign in again as a new customer, and ends the old sessions', async () => {
    const { headers } = await admin();
    const old = await signedInAs(ctx.app, ctx.db);
    expect((await erase(headers, old.user.productNumber)).statusCode).toBe(200);
    const stale = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: old.headers });
    expect(stale.statusCode).toBe(401);
    const token = await signInWithOtp(ctx.app, old.user.productNumber);
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/validate-token',
      headers: { authorization: `Bearer ${token}` },
    });
    const { user } = fresh.json<{ user: { _id: string; name: string; user_type: string } }>();
    expect(user._id).not.toBe(old.user.id);
    expect(user).toMatchObject({ user_type: 'customer', name: `Customer +${old.user.productNumber}` });
  });

  it('erases a number without an account: the tickets about it', async () => {
    const { headers } = await admin();
    const number = randomProblematicNumber();
    const ticket = await buildTicket(ctx.db, null, { problematicNumber: number });
    const reply = await erase(headers, number);
    expect(reply.json()).toMatchObject({ data: { tickets: 1, comments: 0, users: 0, subscribers: 0 } });
    expect(await ticketOf(ticket.ticketId)).toMatchObject({ problematicNumber: 'erased' });
  });

  const refusedKinds: [string, UserType, Role][] = [
    ['a customer', 'customer', 'user'],
    ['an agent', 'agent', 'user'],
    ['staff', 'cc', 'user'],
    ['a moderator', 'cc', 'moderator'],
  ];
  for (const [who, userType, role] of refusedKinds) {
    it(`refuses ${who} (403) and changes nothing`, async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType, role });
      const { person } = await personWithData();
      const reply = await erase(headers, person.productNumber);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'forbidden' });
      expect(await userOf(person.id)).toMatchObject({ name: 'Rahima Akter' });
    });
  }

  it('refuses an API token, whatever its scopes (403), and a stranger (401)', async () => {
    const { headers } = await admin();
    const client = await createClient(ctx.app, ctx.db, headers, { scopes: ['tickets:write', 'subscribers:write'] });
    const person: UserRow = await buildUser(ctx.db);
    expect((await erase(client.headers, person.productNumber)).statusCode).toBe(403);
    expect((await erase({}, person.productNumber)).statusCode).toBe(401);
    expect(await userOf(person.id)).toMatchObject({ productNumber: person.productNumber });
  });

  it('refuses a confirmation that is not the same number (400) and a malformed number (400)', async () => {
    const { headers } = await admin();
    const { person } = await personWithData();
    const mismatch = await erase(headers, person.productNumber, randomProblematicNumber());
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ message: string }>().message).toContain('does not match');
    expect((await erase(headers, person.productNumber, '')).statusCode).toBe(400);
    expect((await erase(headers, person.productNumber, 42)).statusCode).toBe(400);
    expect((await erase(headers, '12345', '12345')).statusCode).toBe(400);
    expect((await erase(headers, 'abc', 'abc')).statusCode).toBe(400);
    expect(await userOf(person.id)).toMatchObject({ name: 'Rahima Akter', deletedAt: null });
  });

  it('refuses the number of a live staff account (409)', async () => {
    const { headers } = await admin();
    const staff = await buildUser(ctx.db, { userType: 'rs' });
    const reply = await erase(headers, staff.productNumber);
    expect(reply.statusCode).toBe(409);
    expect(await userOf(staff.id)).toMatchObject({ productNumber: staff.productNumber });
  });

  it('says it in Bangla', async () => {
    const { headers } = await admin();
    const person = await buildUser(ctx.db);
    const reply = await erase({ ...headers, 'accept-language': 'bn' }, person.productNumber);
    expect(reply.json<{ message: string }>().message).toContain('মুছে ফেলা হয়েছে');
  });

  it('limits each admin to a few erasures a minute', async () => {
    const { headers } = await admin();
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await erase(headers, randomProblematicNumber())).statusCode);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });
});
