import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, forwardTargetsFor, type Department, type TicketStatus, type UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { storedWorkflow, workflowCalls, type Headers } from './forwarding.test-support.ts';

const STAFF_TYPES = ['cc', 'rs', 'iptsp', 'oss_bss'] as const;

describeWithApp('forwarding a ticket', (ctx) => {
  const calls = () => workflowCalls(ctx.app);
  const staff = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  const ticketAt = async (issuedTo: Department, ticketStatus: TicketStatus = 'open') => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Sadia Karim' });
    return { ticket: await buildTicket(ctx.db, issuer.user, { issuedTo, ticketStatus }), issuer };
  };
  const body = (ticketId: number, from: string, to: string, fields: Record<string, unknown> = {}) => ({
    ticket_id: ticketId,
    previously_issued_to: from,
    newly_issued_to: to,
    forward_cause: 'Needs a line test by the access team',
    is_in_forward_loop: false,
    ...fields,
  });

  it('needs a signed-in user', async () => {
    const { ticket } = await ticketAt('cc');
    expect((await calls().forward({}, body(ticket.ticketId, 'cc', 'rs'))).statusCode).toBe(401);
  });

  it.each(['customer', 'agent'] as const)('refuses a %s, even on their own ticket, and changes nothing', async (userType) => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType });
    const ticket = await buildTicket(ctx.db, issuer.user, { issuedTo: 'cc' });
    const reply = await calls().forward(issuer.headers, body(ticket.ticketId, 'cc', 'rs'));
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'forbidden' });
    expect(await storedWorkflow(ctx.db, ticket.ticketId)).toMatchObject({
      issuedTo: 'cc',
      status: 'open',
      events: [],
      comments: [],
    });
  });

  it('forwards: holder changes, the event and the internal comment are stored, open becomes in progress', async () => {
    const iptsp = await staff('iptsp', 'Farhana Akter');
    const { ticket } = await ticketAt('iptsp');
    const reply = await calls().forward(
      iptsp.headers,
      body(ticket.ticketId, 'iptsp', 'rs', { forward_cause: '  Customer asks\r\nfor a plan change  ', is_in_forward_loop: true }),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: 'Successfully forwarded this ticket' });
    expect(await storedWorkflow(ctx.db, ticket.ticketId)).toEqual({
      issuedTo: 'rs',
      status: 'in_progress',
      resolvedAt: null,
      events: [{ from: 'iptsp', to: 'rs', cause: 'Customer asks\nfor a plan change', inLoop: true, by: 'Farhana Akter' }],
      comments: [{ message: 'Forwarded to Retail Sales', internal: true, by: 'Farhana Akter' }],
    });
  });

  it('keeps in progress as it is and takes a missing stay-in-loop as false', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('rs', 'in_progress');
    const { is_in_forward_loop: _left, ...withoutLoop } = body(ticket.ticketId, 'rs', 'oss-bss');
    expect((await calls().forward(cc.headers, withoutLoop)).statusCode).toBe(200);
    const stored = await storedWorkflow(ctx.db, ticket.ticketId);
    expect(stored).toMatchObject({ issuedTo: 'oss-bss', status: 'in_progress' });
    expect(stored.events[0]?.inLoop).toBe(false);
    expect(stored.comments[0]?.message).toBe('Forwarded to OSS & BSS');
  });

  describe('who may forward which ticket (DESIGN.md §6)', () => {
    const cases = STAFF_TYPES.flatMap((userType) =>
      DEPARTMENTS.map((holder) => {
        const allowed = userType === 'cc' || (userType === 'oss_bss' ? 'oss-bss' : userType) === holder;
        return [userType, holder, allowed] as const;
      }),
    );
    it.each(cases)('%s staff on a ticket held by %s: allowed %s', async (userType, holder, allowed) => {
      const actor = await staff(userType);
      const { ticket } = await ticketAt(holder);
      const target = forwardTargetsFor({ user_type: userType }, { issued_to: holder })[0] ?? 'cc';
      const reply = await calls().forward(actor.headers, body(ticket.ticketId, holder, target));
      expect(reply.statusCode, reply.body).toBe(allowed ? 200 : 403);
      expect((await storedWorkflow(ctx.db, ticket.ticketId)).issuedTo).toBe(allowed ? target : holder);
    });
  });

  it('tells iptsp staff who holds the ticket they may not forward', async () => {
    const iptsp = await staff('iptsp');
    const { ticket } = await ticketAt('cc');
    const reply = await calls().forward(iptsp.headers, body(ticket.ticketId, 'cc', 'rs'));
    expect(reply.statusCode).toBe(403);
    expect(reply.json<{ message: string }>().message).toBe(
      'This ticket is with Customer Care: only they or Customer Care can act on it.',
    );
  });

  it.each([
    ['rs', 'rs', 'rs', 'Retail Sales'],
    ['iptsp', 'iptsp', 'iptsp', 'IPTSP'],
    ['oss_bss', 'oss-bss', 'oss-bss', 'OSS & BSS'],
    ['cc', 'cc', 'cc', 'Customer Care'],
    ['cc', 'rs', 'rs', 'Retail Sales'],
  ] as const)('refuses %s staff forwarding a ticket at %s to %s', async (userType, holder, target, label) => {
    const actor = await staff(userType);
    const { ticket } = await ticketAt(holder);
    const reply = await calls().forward(actor.headers, body(ticket.ticketId, holder, target));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      code: 'validation',
      message: `This ticket is already with ${label}.`,
      details: { newly_issued_to: expect.any(String) },
    });
    expect(await storedWorkflow(ctx.db, ticket.ticketId)).toMatchObject({ issuedTo: holder, events: [] });
  });

  it('refuses in Bangla when asked in Bangla, naming the department in Bangla', async () => {
    const ossBss = await staff('oss_bss');
    const { ticket } = await ticketAt('oss-bss');
    const inBangla = { ...ossBss.headers, 'accept-language': 'bn' };
    const same = await calls().forward(inBangla, body(ticket.ticketId, 'oss-bss', 'oss-bss'));
    expect(same.json()).toMatchObject({
      message: 'টিকিটটি আগে থেকেই OSS ও BSS-এর কাছে আছে।',
      details: { newly_issued_to: 'টিকিটটি আগে থেকেই OSS ও BSS-এর কাছে আছে।' },
    });
    const { ticket: atCc } = await ticketAt('cc');
    const elsewhere = await calls().forward(inBangla, body(atCc.ticketId, 'cc', 'rs'));
    expect(elsewhere.json()).toEqual({
      message: 'টিকিটটি কাস্টমার কেয়ারের কাছে আছে: শুধু তাঁরাই এতে কাজ করতে পারেন।',
      code: 'forbidden',
    });
    const done = await calls().forward(inBangla, body(ticket.ticketId, 'oss-bss', 'cc'));
    expect(done.json()).toEqual({ message: 'টিকিটটি ফরওয়ার্ড করা হয়েছে' });
  });

  it('lets cc forward to cc a ticket that is elsewhere', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('oss-bss');
    expect((await calls().forward(cc.headers, body(ticket.ticketId, 'oss-bss', 'cc'))).statusCode).toBe(200);
    expect(await storedWorkflow(ctx.db, ticket.ticketId)).toMatchObject({
      issuedTo: 'cc',
      comments: [{ message: 'Forwarded to Customer Care', internal: true }],
    });
  });

  it.each([
    ['no cause', { forward_cause: undefined }, 'forward_cause'],
    ['a blank cause', { forward_cause: ' \n\t ' }, 'forward_cause'],
    ['a cause of 2,001 characters', { forward_cause: 'x'.repeat(2001) }, 'forward_cause'],
    ['no target', { newly_issued_to: undefined }, 'newly_issued_to'],
    ['the target agent', { newly_issued_to: 'agent' }, 'newly_issued_to'],
    ['an unknown target', { newly_issued_to: 'billing' }, 'newly_issued_to'],
    ['no previous holder', { previously_issued_to: undefined }, 'previously_issued_to'],
    ['a stay-in-loop that is not a boolean', { is_in_forward_loop: 'yes' }, 'is_in_forward_loop'],
  ])('refuses %s with 400 and a field message, and stores nothing', async (_case, fields, field) => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('cc');
    const reply = await calls().forward(cc.headers, body(ticket.ticketId, 'cc', 'rs', fields));
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ details: Record<string, string> }>().details[field]).toEqual(expect.any(String));
    expect(await storedWorkflow(ctx.db, ticket.ticketId)).toMatchObject({ issuedTo: 'cc', events: [], comments: [] });
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const cc = await staff('cc');
    expect((await calls().forward(cc.headers, body(999_999_999, 'cc', 'rs'))).statusCode).toBe(404);
  });

  it('answers a stale page with 409 "This ticket was forwarded meanwhile; reload" and changes nothing', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('rs', 'in_progress');
    const reply = await calls().forward(cc.headers, body(ticket.ticketId, 'cc', 'iptsp'));
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ message: 'This ticket was forwarded meanwhile; reload', code: 'conflict' });
    expect(await storedWorkflow(ctx.db, ticket.ticketId)).toMatchObject({
      issuedTo: 'rs',
      status: 'in_progress',
      events: [],
      comments: [],
    });
  });

  it('lets exactly one of two concurrent forwards from the same page win', async () => {
    const first = await staff('iptsp', 'First Forwarder');
    const second = await staff('iptsp', 'Second Forwarder');
    const { ticket } = await ticketAt('iptsp');
    const replies = await Promise.all([
      calls().forward(first.headers, body(ticket.ticketId, 'iptsp', 'rs')),
      calls().forward(second.headers, body(ticket.ticketId, 'iptsp', 'oss-bss')),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const winner = replies[0]?.statusCode === 200 ? 'rs' : 'oss-bss';
    const stored = await storedWorkflow(ctx.db, ticket.ticketId);
    expect(stored.issuedTo).toBe(winner);
    expect(stored.events).toHaveLength(1);
    expect(stored.events[0]?.to).toBe(winner);
    expect(stored.comments).toHaveLength(1);
  });

  it('lets many concurrent forwards of one ticket leave exactly one forward behind', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => staff('cc')));
    const { ticket } = await ticketAt('cc');
    const targets = ['rs', 'iptsp', 'oss-bss'] as const;
    const replies = await Promise.all(
      people.map((person, index) => calls().forward(person.headers, body(ticket.ticketId, 'cc', targets[index % 3] ?? 'rs'))),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(5);
    expect((await storedWorkflow(ctx.db, ticket.ticketId)).events).toHaveLength(1);
  });

  it('keeps the internal comment and the routing from the customer, and shows staff the history oldest first', async () => {
    const cc = await staff('cc', 'Ayesha Rahman');
    const iptsp = await staff('iptsp', 'Farhana Akter');
    const { ticket, issuer } = await ticketAt('cc');
    await calls().forward(
      cc.headers,
      body(ticket.ticketId, 'cc', 'iptsp', { forward_cause: 'Line fault', is_in_forward_loop: true }),
    );
    await calls().forward(iptsp.headers, body(ticket.ticketId, 'iptsp', 'rs', { forward_cause: 'Plan change' }));

    const seenByCustomer = await calls().view(issuer.headers, ticket.ticketId);
    expect(seenByCustomer.comments).toEqual([]);
    expect(seenByCustomer.forwarder_history).toEqual([]);
    expect(JSON.stringify(seenByCustomer)).not.toMatch(/Forwarded to|Line fault|Plan change/);

    const seenByStaff = await calls().view(cc.headers, ticket.ticketId);
    expect(seenByStaff.comments.map((comment) => [comment.message, comment.is_internal, comment.commenter_name])).toEqual([
      ['Forwarded to IPTSP', true, 'Ayesha Rahman'],
      ['Forwarded to Retail Sales', true, 'Farhana Akter'],
    ]);
    expect(seenByStaff.forwarder_history).toEqual([
      expect.objectContaining({
        previously_issued_to: 'cc',
        newly_issued_to: 'iptsp',
        forward_cause: 'Line fault',
        is_in_forward_loop: true,
      }),
      expect.objectContaining({
        previously_issued_to: 'iptsp',
        newly_issued_to: 'rs',
        forward_cause: 'Plan change',
        is_in_forward_loop: false,
      }),
    ]);
    expect(seenByStaff.forwarder_history[0]?.forwarded_by_name).toBe('Ayesha Rahman');
  });

  it('refuses to forward a solved ticket anywhere but as Resolve & Forward to cc', async () => {
    const cc = await staff('cc');
    const rs = await staff('rs');
    const atCc = (await ticketAt('cc', 'closed')).ticket;
    const atRs = (await ticketAt('rs', 'closed')).ticket;
    const refusals: [Headers, number, string, string][] = [
      [cc.headers, atCc.ticketId, 'cc', 'rs'],
      [cc.headers, atRs.ticketId, 'rs', 'cc'],
      [rs.headers, atRs.ticketId, 'rs', 'iptsp'],
    ];
    for (const [headers, ticketId, from, to] of refusals) {
      const reply = await calls().forward(headers, body(ticketId, from, to));
      expect(reply.statusCode).toBe(409);
      expect(reply.json<{ message: string }>().message).toBe('This ticket is already solved; it cannot be forwarded.');
    }
    expect((await storedWorkflow(ctx.db, atRs.ticketId)).events).toEqual([]);
  });
});
