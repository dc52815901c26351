import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK, type IssueTicketReply, type PresignReply } from '@switchboard/shared';
import { tickets, uploads } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs, solveCaptcha, tamperedHex } from '../../../test/factories.ts';
import { buildGroup, IMAGES, postUploadForm, ticketBody, uploadImage } from '../../../test/ticket-factories.ts';

type GroupFixture = Awaited<ReturnType<typeof buildGroup>>;

const CLIENT_EMAIL = 'rahim.uddin@example.com';

describeWithApp('the public ticket form', (ctx) => {
  // Every call comes from an address of its own unless a test says otherwise, so that the
  // per-address limits only bite in the tests about them.
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const submit = (payload: object, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/issue-ticket/public',
      payload,
      headers: options.headers,
      remoteAddress: options.remoteAddress ?? nextAddress(),
    });
  const presignPublic = async (objectName: string, remoteAddress = nextAddress(), token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/get-presigned-post/public',
      payload: { object_name: objectName, token: token ?? (await solveCaptcha(ctx.app)) },
      remoteAddress,
    });
  const publicBody = async (group: GroupFixture, fields: Record<string, unknown> = {}) => ({
    ...ticketBody(group),
    client_email: CLIENT_EMAIL,
    token: await solveCaptcha(ctx.app),
    ...fields,
  });
  const ticketCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(tickets))[0]?.n;
  const uploadCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0]?.n;

  /** Presigns and uploads an image through the public endpoints; returns its public_url. */
  const uploadPublicImage = async (name = 'router.png') => {
    const granted = await presignPublic(name);
    expect(granted.statusCode).toBe(200);
    const grant = granted.json<PresignReply>();
    expect((await postUploadForm(ctx.app, grant.data, IMAGES.png)).statusCode).toBe(204);
    return grant.public_url;
  };

  it('stores a ticket of somebody without an account: no issuer, type customer, their e-mail, held by cc', async () => {
    const group = await buildGroup(ctx.db, { name: 'Broadband', subgroups: ['No connection'] });
    const body = await publicBody(group, { client_email: `  ${CLIENT_EMAIL} ` });
    const reply = await submit(body);
    expect(reply.statusCode).toBe(201);
    const { message, data } = reply.json<IssueTicketReply>();
    expect(message).toBe('Ticket submitted successfully');
    expect(data).toMatchObject({
      title: body.title,
      problematic_number: body.problematic_number,
      ticket_status: 'open',
      issuer_number: null,
      issuer_user_type: 'customer',
      client_email: CLIENT_EMAIL,
      group_name: 'Broadband',
      sub_group_name: 'No connection',
    });
    expect(data).not.toHaveProperty('issuer_name');
    // The routing between departments is not the client's to know; the ticket is stored as held by cc.
    expect(data).not.toHaveProperty('issued_to');
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, data.ticket_id));
    expect(row).toMatchObject({
      issuerUserId: null,
      issuerNumber: null,
      issuerUserType: 'customer',
      clientEmail: CLIENT_EMAIL,
      issuedTo: 'cc',
    });
  });

  it('lets staff find the public ticket in their list with the client e-mail', async () => {
    const group = await buildGroup(ctx.db);
    const created = (await submit(await publicBody(group))).json<IssueTicketReply>().data;
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/1?ticket_id=${created.ticket_id}`,
      headers: staff.headers,
    });
    expect(list.json()).toMatchObject({ total_tickets: 1, data: [{ ticket_id: created.ticket_id, client_email: CLIENT_EMAIL }] });
  });

  it('treats a submission from a signed-in person as a public ticket too', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const group = await buildGroup(ctx.db);
    const reply = await submit(await publicBody(group), { headers });
    expect(reply.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, reply.json<IssueTicketReply>().data.ticket_id));
    expect(row).toMatchObject({ issuerUserId: null, clientEmail: CLIENT_EMAIL });
  });

  describe('the bot check', () => {
    it('refuses a submission without a bot check and stores nothing', async () => {
      const group = await buildGroup(ctx.db);
      const { token: _token, ...withoutToken } = await publicBody(group);
      const before = await ticketCount();
      const reply = await submit(withoutToken);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { token: expect.any(String) } });
      expect(await ticketCount()).toBe(before);
    });

    it.each([
      ['a token that is not a solution', 'not-a-solution'],
      ['a made-up solution', Buffer.from(JSON.stringify({ challenge: {}, solution: { counter: 1 } })).toString('base64')],
    ])('refuses %s and stores nothing', async (_case, token) => {
      const group = await buildGroup(ctx.db);
      const before = await ticketCount();
      const reply = await submit(await publicBody(group, { token }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'captcha_failed' });
      expect(await ticketCount()).toBe(before);
    });

    it('refuses a solution whose derived key was tampered with', async () => {
      const group = await buildGroup(ctx.db);
      const payload = JSON.parse(Buffer.from(await solveCaptcha(ctx.app), 'base64').toString('utf8'));
      payload.solution.derivedKey = tamperedHex(payload.solution.derivedKey);
      const reply = await submit(await publicBody(group, { token: Buffer.from(JSON.stringify(payload)).toString('base64') }));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'captcha_failed' });
    });

    it('accepts a solution once: a replay is refused and stores nothing', async () => {
      const group = await buildGroup(ctx.db);
      const body = await publicBody(group);
      expect((await submit(body)).statusCode).toBe(201);
      const before = await ticketCount();
      const replay = await submit({ ...body, title: 'The same bot check again' });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'captcha_failed', message: expect.stringMatching(/already used/) });
      expect(await ticketCount()).toBe(before);
    });
  });

  describe('refuses what the signed-in form refuses', () => {
    it.each([
      ['an e-mail address without a domain', { client_email: 'rahim@' }, 'client_email', 'Please enter a valid email address'],
      ['a blank e-mail address', { client_email: '  ' }, 'client_email', 'Please enter a valid email address'],
      ['no e-mail address', { client_email: undefined }, 'client_email', 'Please enter a valid email address'],
      ['a number without 88', { problematic_number: '01712345678' }, 'problematic_number', expect.any(String)],
      ['a number that is too short', { problematic_number: '88017123456' }, 'problematic_number', expect.any(String)],
      ['a blank title', { title: ' ' }, 'title', 'Title is required'],
      ['a blank description', { description: '\n' }, 'description', 'Description is required'],
      ['an issuer type other than customer', { issuer_user_type: 'agent' }, 'issuer_user_type', expect.any(String)],
    ])('refuses %s with a field message and stores nothing', async (_case, fields, field, text) => {
      const group = await buildGroup(ctx.db);
      const before = await ticketCount();
      const reply = await submit(await publicBody(group, fields));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { [field]: text } });
      expect(await ticketCount()).toBe(before);
    });

    it('needs a subgroup when the group has subgroups, and not otherwise', async () => {
      const withSubgroups = await buildGroup(ctx.db);
      const missing = await submit(await publicBody(withSubgroups, { sub_group_id: null }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ details: { sub_group_id: 'Choose a subgroup' } });
      const withoutSubgroups = await buildGroup(ctx.db, { subgroups: [] });
      expect((await submit(await publicBody(withoutSubgroups))).statusCode).toBe(201);
    });

    it('refuses a body larger than a ticket can be', async () => {
      const group = await buildGroup(ctx.db);
      const reply = await submit(await publicBody(group, { description: 'x'.repeat(200 * 1024) }));
      expect(reply.statusCode).toBe(413);
      expect(reply.json()).toMatchObject({ code: 'payload_too_large' });
    });
  });

  describe('images', () => {
    it('grants uploads without a login, owned by nobody, under the same server-made keys', async () => {
      const reply = await presignPublic('Router lights.JPG');
      expect(reply.statusCode).toBe(200);
      const grant = reply.json<PresignReply>();
      expect(grant.data.fields.key).toMatch(/^attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
      const [row] = await ctx.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, grant.data.fields.key ?? ''));
      expect(row).toMatchObject({ isPublic: true, uploaderUserId: null, contentType: 'image/jpeg' });
    });

    it.each(['invoice.pdf', 'drawing.svg', 'page.html', 'noextension', ''])(
      'refuses a grant for %j and records nothing',
      async (name) => {
        const before = await uploadCount();
        const reply = await presignPublic(name);
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toMatchObject({ code: 'validation', details: { object_name: expect.any(String) } });
        expect(await uploadCount()).toBe(before);
      },
    );

    it('stores a ticket with images uploaded through the public grants', async () => {
      const group = await buildGroup(ctx.db);
      const images = [await uploadPublicImage('one.png'), await uploadPublicImage('two.png')];
      const reply = await submit(await publicBody(group, { attachments: images }));
      expect(reply.statusCode).toBe(201);
      const { data } = reply.json<IssueTicketReply>();
      expect(data.attachments).toEqual(images);
      const claimed = await ctx.db
        .select()
        .from(uploads)
        .where(eq(uploads.usedBy, `ticket:${data.ticket_id}`));
      expect(claimed).toHaveLength(2);
    });

    it('refuses an image that a signed-in user uploaded, and one already attached', async () => {
      const group = await buildGroup(ctx.db);
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const private_ = await uploadImage(ctx.app, headers);
      const foreign = await submit(await publicBody(group, { attachments: [private_] }));
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({ details: { attachments: expect.any(String) } });

      const image = await uploadPublicImage();
      expect((await submit(await publicBody(group, { attachments: [image] }))).statusCode).toBe(201);
      const again = await submit(await publicBody(group, { attachments: [image] }));
      expect(again.statusCode).toBe(400);
    });

    it('does not let a signed-in ticket take a public upload', async () => {
      const group = await buildGroup(ctx.db);
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers,
        payload: ticketBody(group, { attachments: [await uploadPublicImage()] }),
      });
      expect(reply.statusCode).toBe(400);
    });
  });

  describe('the bot check of upload grants', () => {
    const forge = async () => {
      type Payload = { solution: { derivedKey: string } };
      const payload = JSON.parse(Buffer.from(await solveCaptcha(ctx.app), 'base64').toString()) as Payload;
      payload.solution.derivedKey = tamperedHex(payload.solution.derivedKey);
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    };

    it('refuses a grant without a bot check, or with a forged one, and records nothing', async () => {
      const before = await uploadCount();
      const missing = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/get-presigned-post/public',
        payload: { object_name: 'photo.png' },
        remoteAddress: nextAddress(),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'validation', details: { token: expect.any(String) } });
      for (const token of [await forge(), 'not-base64-json']) {
        const forged = await presignPublic('photo.png', nextAddress(), token);
        expect(forged.statusCode).toBe(400);
        expect(forged.json()).toMatchObject({ code: 'captcha_failed' });
      }
      expect(await uploadCount()).toBe(before);
    });

    it("covers one form's images with one solution and refuses the grant beyond them, recording nothing", async () => {
      const token = await solveCaptcha(ctx.app);
      for (let grant = 0; grant < PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK; grant++)
        expect((await presignPublic(`photo-${grant}.png`, nextAddress(), token)).statusCode).toBe(200);
      const before = await uploadCount();
      const beyond = await presignPublic('one-more.png', nextAddress(), token);
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json()).toMatchObject({ code: 'captcha_failed' });
      expect(await uploadCount()).toBe(before);
    });

    it('grants no more than the budget when one solution is replayed in parallel', async () => {
      const token = await solveCaptcha(ctx.app);
      const replies = await Promise.all(
        Array.from({ length: PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK + 5 }, (_, i) =>
          presignPublic(`p${i}.png`, nextAddress(), token),
        ),
      );
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK);
      expect(replies.filter((reply) => reply.json<{ code?: string }>().code === 'captcha_failed')).toHaveLength(5);
    });

    it("still submits the form's ticket once with the solution its images used", async () => {
      const group = await buildGroup(ctx.db);
      const token = await solveCaptcha(ctx.app);
      const granted = await presignPublic('router.png', nextAddress(), token);
      const grant = granted.json<PresignReply>();
      expect((await postUploadForm(ctx.app, grant.data, IMAGES.png)).statusCode).toBe(204);
      const body = await publicBody(group, { attachments: [grant.public_url], token });
      expect((await submit(body)).statusCode).toBe(201);
      expect((await submit({ ...body, attachments: [] })).json()).toMatchObject({ code: 'captcha_failed' });
    });
  });

  describe('limits per address', () => {
    it('refuses the eleventh submission from one address in an hour; other addresses still get through', async () => {
      const group = await buildGroup(ctx.db);
      const address = '192.0.2.10';
      for (let attempt = 0; attempt < 10; attempt++) {
        // Refused bodies count too: the limit is on attempts, whatever they carry.
        expect((await submit({ title: 'x' }, { remoteAddress: address })).statusCode).toBe(400);
      }
      const limited = await submit(await publicBody(group), { remoteAddress: address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        code: 'rate_limited',
        message: 'You have sent many tickets from this connection in the last hour. Please try again later.',
      });
      expect((await submit(await publicBody(group), { remoteAddress: '192.0.2.11' })).statusCode).toBe(201);
    });

    it('refuses the thirty-first upload grant from one address in an hour', async () => {
      const address = '192.0.2.20';
      for (let attempt = 0; attempt < 30; attempt++) {
        expect((await presignPublic('notes.txt', address)).statusCode).toBe(400);
      }
      const limited = await presignPublic('photo.png', address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/many images/) });
      expect((await presignPublic('photo.png', '192.0.2.21')).statusCode).toBe(200);
    });
  });
});
