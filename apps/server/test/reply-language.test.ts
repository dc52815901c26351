/**
 * Replies in the language asked (DESIGN.md §16): with `Accept-Language: bn` the server's messages
 * (errors, field messages, success) come in Bangla from the shared catalogs; without it, or with a
 * language the desk does not speak, in the spec's English. Data never changes.
 */
import { beforeAll, expect, it } from 'vitest';
import { say } from '../src/lib/messages.ts';
import { describeWithApp } from './harness.ts';
import { signedInAs } from './factories.ts';
import { buildTicket } from './ticket-factories.ts';

const BENGALI = /[\u0980-\u09FF]/;

describeWithApp('replies in the language asked', (ctx) => {
  let staff: Record<string, string> = {};
  let ticketId = 0;
  beforeAll(async () => {
    staff = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    // A title that is also a message of the catalogs: data, so it must stay as written.
    ticketId = (await buildTicket(ctx.db, null, { issuedTo: 'cc', ticketStatus: 'open', title: 'Group deleted' })).ticketId;
  });

  const addComment = (language: string | undefined, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/add-comment',
      headers: { ...staff, ...(language ? { 'accept-language': language } : {}) },
      payload: payload as Record<string, unknown>,
    });

  it('answers a success in Bangla when asked, in English otherwise', async () => {
    const bangla = await addComment('bn-BD,bn;q=0.9,en;q=0.8', { ticket_id: ticketId, message: 'দেখছি', is_internal: false });
    expect(bangla.statusCode).toBe(201);
    expect(bangla.json()).toEqual({ message: say('bn', 'comments.added') });
    expect(bangla.json<{ message: string }>().message).toMatch(BENGALI);
    for (const language of [undefined, 'en', 'fr', 'xx;q=garbage', 'bn;q=0']) {
      const english = await addComment(language, { ticket_id: ticketId, message: 'On it', is_internal: false });
      expect(english.json(), String(language)).toEqual({ message: 'Successfully added new comment' });
    }
  });

  it('names the field and says what is wrong with it in Bangla, the code unchanged', async () => {
    const reply = await addComment('bn', { ticket_id: ticketId, message: '', is_internal: false });
    expect(reply.statusCode).toBe(400);
    const body = reply.json<{ message: string; code: string; details: Record<string, string> }>();
    expect(body.code).toBe('validation');
    expect(body.message).toMatch(/^message: /);
    expect(body.message).toMatch(BENGALI);
    expect(body.details.message).toMatch(BENGALI);
  });

  it('refuses in Bangla, and keeps the data of a reply as it is', async () => {
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`,
      headers: { 'accept-language': 'bn' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ message: string }>().message).toMatch(BENGALI);

    const ticket = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`,
      headers: { ...staff, 'accept-language': 'bn' },
    });
    expect(ticket.statusCode).toBe(200);
    expect(say('bn', 'groups.deleted')).toMatch(BENGALI);
    expect(ticket.json<{ data: { title: string }[] }>().data[0]?.title).toBe('Group deleted');
  });
});
