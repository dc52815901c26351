import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IssueTicketReply, TicketByIdReply } from '@switchboard/shared';
import { auditLog, groups, tickets, uploads } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup, presign, ticketBody, uploadImage } from '../../../test/ticket-factories.ts';

describeWithApp('issuing tickets', (ctx) => {
  const issue = (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/issue-ticket', headers, payload: payload as object });
  const ticketCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(tickets))[0]?.n;

  it('needs a signed-in user', async () => {
    const group = await buildGroup(ctx.db);
    expect((await issue({}, ticketBody(group))).statusCode).toBe(401);
  });

  it('issues an open ticket to cc with the issuer and the stored group names', async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Sadia Karim' });
    const group = await buildGroup(ctx.db, { name: 'Internet', subgroups: ['Slow speed'] });
    const body = ticketBody(group, { group_name: 'Made up', sub_group_name: 'Also made up' });
    const reply = await issue(headers, body);
    expect(reply.statusCode).toBe(201);
    const { message, data } = reply.json<IssueTicketReply>();
    expect(message).toBe('Successfully issued a new ticket');
    expect(data).toMatchObject({
      title: body.title,
      problematic_number: body.problematic_number,
      description: body.description,
      ticket_status: 'open',
      issuer_number: user.productNumber,
      issuer_user_type: 'customer',
      group_id: group.group.id,
      group_name: 'Internet',
      sub_group_id: group.subgroups[0]?.id,
      sub_group_name: 'Slow speed',
      sub_group_name_bn: 'Slow speed (bn)',
      resolved_at: null,
      client_email: null,
      attachments: [],
      comments: [],
      comments_total: 0,
      forwarder_history: [],
    });
    // The customer does not learn the routing; the ticket is stored as held by cc.
    expect(data).not.toHaveProperty('issued_to');
    expect(data.ticket_id).toBeGreaterThanOrEqual(100001);
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, data.ticket_id));
    expect(row).toMatchObject({ issuerUserId: user.id, groupName: 'Internet', subGroupName: 'Slow speed', issuedTo: 'cc' });
  });

  it("writes the new ticket's audit entry naming its id, with the ticket in one statement", async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const group = await buildGroup(ctx.db);
    const { data } = (await issue(headers, ticketBody(group, { issuer_user_type: 'agent' }))).json<IssueTicketReply>();
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `ticket:${data.ticket_id}`));
    expect(entries).toMatchObject([
      {
        actorUserId: user.id,
        action: 'ticket.create',
        details: {
          form: 'user',
          issuer_user_type: 'agent',
          group_id: group.group.id,
          sub_group_id: group.subgroups[0]?.id,
          attachments: 0,
        },
      },
    ]);
  });

  it('ignores the issuer type a customer sends: customers always issue as customer', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const group = await buildGroup(ctx.db);
    const reply = await issue(headers, ticketBody(group, { issuer_user_type: 'agent' }));
    expect(reply.json<IssueTicketReply>().data.issuer_user_type).toBe('customer');
  });

  it.each([
    ['agent', 'customer'],
    ['agent', 'agent'],
    ['cc', 'agent'],
    ['iptsp', 'customer'],
  ] as const)('lets a user of type %s issue as %s', async (userType, issuerType) => {
    const { headers } = await signedInAs(ctx.app, ctx.db, { userType });
    const group = await buildGroup(ctx.db);
    const reply = await issue(headers, ticketBody(group, { issuer_user_type: issuerType }));
    expect(reply.statusCode).toBe(201);
    expect(reply.json<IssueTicketReply>().data.issuer_user_type).toBe(issuerType);
  });

  it('keeps a 1,000-character title and Bangla text exactly', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const group = await buildGroup(ctx.db);
    const title = 'ই'.repeat(500) + 'x'.repeat(500);
    const description = 'ইন্টারনেট সংযোগ পাচ্ছি না।\nরাউটার রিস্টার্ট করেছি।';
    const created = await issue(headers, ticketBody(group, { title, description }));
    expect(created.statusCode).toBe(201);
    const id = created.json<IssueTicketReply>().data.ticket_id;
    const read = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${id}`, headers });
    // The subgroup's Bangla name is today's, read with the ticket; the English is the one stored.
    expect(read.json<TicketByIdReply>().data[0]).toMatchObject({ title, description, sub_group_name_bn: 'Slow speed (bn)' });
  });

  it('normalises line breaks of the description and trims it', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const group = await buildGroup(ctx.db);
    const reply = await issue(headers, ticketBody(group, { description: '  one\r\ntwo\rthree  ' }));
    expect(reply.json<IssueTicketReply>().data.description).toBe('one\ntwo\nthree');
  });

  it.each([
    ['no title', { title: undefined }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a 1,001-character title', { title: 'x'.repeat(1001) }, 'title'],
    ['a number without 88', { problematic_number: '01712345678' }, 'problematic_number'],
    ['a number with letters', { problematic_number: '880171234567a' }, 'problematic_number'],
    ['a blank description', { description: ' \n ' }, 'description'],
    ['a group id that is not an id', { group_id: 'internet' }, 'group_id'],
    ['an unknown issuer type', { issuer_user_type: 'staff' }, 'issuer_user_type'],
    ['attachments that are not a list', { attachments: 'a.png' }, 'attachments'],
    ['eleven attachments', { attachments: Array.from({ length: 11 }, (_, i) => `/storage/a${i}.png`) }, 'attachments'],
  ])('refuses %s with a field message and stores nothing', async (_case, fields, field) => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const group = await buildGroup(ctx.db);
    const before = await ticketCount();
    const reply = await issue(headers, { ...ticketBody(group), ...fields });
    expect(reply.statusCode).toBe(400);
    const body = reply.json<{ code: string; details: Record<string, string> }>();
    expect(body.code).toBe('validation');
    expect(body.details[field]).toEqual(expect.any(String));
    expect(await ticketCount()).toBe(before);
  });

  it('answers in Bangla when asked in Bangla: the refusals with their limits, and the success', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const inBangla = { ...headers, 'accept-language': 'bn' };
    const group = await buildGroup(ctx.db);
    const other = await buildGroup(ctx.db);
    const long = await issue(inBangla, ticketBody(group, { title: 'x'.repeat(1001) }));
    expect(long.json()).toMatchObject({ details: { title: 'শিরোনাম সর্বোচ্চ 1000 অক্ষরের হতে পারে' } });
    const foreign = await issue(inBangla, ticketBody(group, { sub_group_id: other.subgroups[0]?.id }));
    expect(foreign.json()).toMatchObject({
      message: 'বেছে নেওয়া গ্রুপের একটি সাবগ্রুপ বেছে নিন',
      details: { sub_group_id: 'বেছে নেওয়া গ্রুপের একটি সাবগ্রুপ বেছে নিন' },
    });
    const issued = await issue(inBangla, ticketBody(group));
    expect(issued.json<IssueTicketReply>().message).toBe('নতুন টিকিট তৈরি হয়েছে');
  });

  it('refuses a body that is not JSON', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/issue-ticket',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(reply.statusCode).toBe(400);
  });

  describe('checks group and subgroup against the database', () => {
    it('refuses an unknown or deleted group', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const group = await buildGroup(ctx.db);
      await ctx.db.update(groups).set({ deletedAt: new Date() }).where(eq(groups.id, group.group.id));
      const deleted = await issue(headers, ticketBody(group));
      expect(deleted.statusCode).toBe(400);
      expect(deleted.json()).toMatchObject({ details: { group_id: 'Choose a group' } });
      const unknown = await issue(headers, ticketBody(group, { group_id: crypto.randomUUID() }));
      expect(unknown.statusCode).toBe(400);
    });

    it('refuses a subgroup of another group', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const group = await buildGroup(ctx.db);
      const other = await buildGroup(ctx.db);
      const reply = await issue(headers, ticketBody(group, { sub_group_id: other.subgroups[0]?.id }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ details: { sub_group_id: expect.any(String) } });
    });

    it('needs a subgroup when the group has subgroups, and not otherwise', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const withSubgroups = await buildGroup(ctx.db);
      const missing = await issue(headers, ticketBody(withSubgroups, { sub_group_id: null }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ details: { sub_group_id: 'Choose a subgroup' } });
      const withoutSubgroups = await buildGroup(ctx.db, { subgroups: [] });
      const reply = await issue(headers, ticketBody(withoutSubgroups));
      expect(reply.statusCode).toBe(201);
      expect(reply.json<IssueTicketReply>().data).toMatchObject({ sub_group_id: null, sub_group_name: null });
    });
  });

  describe('attachments', () => {
    it('takes the issuer own uploads and returns them as public URLs', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const group = await buildGroup(ctx.db);
      const first = await uploadImage(ctx.app, headers, 'one.png');
      const second = await uploadImage(ctx.app, headers, 'two.png');
      const reply = await issue(headers, ticketBody(group, { attachments: [first, second] }));
      expect(reply.statusCode).toBe(201);
      const { data } = reply.json<IssueTicketReply>();
      expect(data.attachments).toEqual([first, second]);
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, data.ticket_id));
      expect(row?.attachments.every((key) => key.startsWith('attachments/'))).toBe(true);
      const marked = await ctx.db
        .select()
        .from(uploads)
        .where(eq(uploads.usedBy, `ticket:${data.ticket_id}`));
      expect(marked).toHaveLength(2);
    });

    const refusedWith = async (headers: Record<string, string>, attachments: string[]) => {
      const group = await buildGroup(ctx.db);
      const before = await ticketCount();
      const reply = await issue(headers, ticketBody(group, { attachments }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { attachments: expect.any(String) } });
      expect(await ticketCount()).toBe(before);
    };

    it('refuses a foreign URL', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      await refusedWith(headers, ['https://evil.example/storage/attachments/2026/01/x.png']);
      await refusedWith(headers, ['javascript:alert(1)']);
    });

    it('refuses a key this server never granted', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      await refusedWith(headers, [`/storage/attachments/2026/01/${crypto.randomUUID()}.png`]);
      await refusedWith(headers, ['/storage/reports/2026/01/report.xlsx']);
    });

    it('refuses an upload of somebody else', async () => {
      const owner = await signedInAs(ctx.app, ctx.db);
      const thief = await signedInAs(ctx.app, ctx.db);
      await refusedWith(thief.headers, [await uploadImage(ctx.app, owner.headers)]);
    });

    it('refuses a granted upload whose file never arrived', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const granted = (await presign(ctx.app, headers, 'late.png')).json<{ public_url: string }>();
      await refusedWith(headers, [granted.public_url]);
    });

    it('refuses an upload that another ticket already uses', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const group = await buildGroup(ctx.db);
      const url = await uploadImage(ctx.app, headers);
      expect((await issue(headers, ticketBody(group, { attachments: [url] }))).statusCode).toBe(201);
      await refusedWith(headers, [url]);
    });
  });
});
