import { beforeAll, expect, it } from 'vitest';
import type { Department, TicketListReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { idsOf, workflowCalls, type Headers } from './forwarding.test-support.ts';

describeWithApp('the forwarded tickets (forward chains)', (ctx) => {
  const calls = () => workflowCalls(ctx.app);
  const people: Partial<Record<UserType, { headers: Headers }>> = {};
  const headersOf = (userType: UserType): Headers => {
    const person = people[userType];
    if (!person) throw new Error(`nobody of type ${userType}`);
    return person.headers;
  };
  const ids: Record<string, number> = {};
  const id = (name: string): number => {
    const value = ids[name];
    if (value === undefined) throw new Error(`no ticket ${name}`);
    return value;
  };

  /** Forwards through the API, as the departments would. */
  async function forward(by: UserType, name: string, from: Department, to: Department, inLoop: boolean) {
    const reply = await calls().forward(headersOf(by), {
      ticket_id: id(name),
      previously_issued_to: from,
      newly_issued_to: to,
      forward_cause: `${from} to ${to}`,
      is_in_forward_loop: inLoop,
    });
    if (reply.statusCode !== 200) throw new Error(`forward of ${name} answered ${reply.statusCode}: ${reply.body}`);
  }

  beforeAll(async () => {
    for (const userType of ['cc', 'rs', 'iptsp', 'oss_bss', 'customer', 'agent'] as const) {
      people[userType] = await signedInAs(ctx.app, ctx.db, { userType, name: `Person ${userType}` });
    }
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Sadia Karim' });
    const start: [string, Department][] = [
      ['viaIptspToRs', 'cc'],
      ['toOssOutOfLoop', 'cc'],
      ['backToCc', 'cc'],
      ['neverForwarded', 'cc'],
      ['iptspLeaves', 'iptsp'],
      ['iptspStays', 'iptsp'],
    ];
    for (const [name, issuedTo] of start) ids[name] = (await buildTicket(ctx.db, issuer.user, { issuedTo })).ticketId;
    // In this order, so that each ticket's newest forward is known.
    await forward('cc', 'viaIptspToRs', 'cc', 'iptsp', true);
    await forward('cc', 'toOssOutOfLoop', 'cc', 'oss-bss', false);
    await forward('cc', 'backToCc', 'cc', 'rs', false);
    await forward('iptsp', 'iptspLeaves', 'iptsp', 'rs', false);
    await forward('iptsp', 'iptspStays', 'iptsp', 'oss-bss', true);
    await forward('iptsp', 'viaIptspToRs', 'iptsp', 'rs', false);
    await forward('rs', 'backToCc', 'rs', 'cc', false);
  }, 60_000);

  it('needs a signed-in user', async () => {
    expect((await calls().chain({})).statusCode).toBe(401);
  });

  it.each(['customer', 'agent'] as const)('refuses a %s with 403', async (userType) => {
    const reply = await calls().chain(headersOf(userType));
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'forbidden' });
  });

  it('shows cc the tickets it received and the ones it forwarded staying in the loop, newest forward first', async () => {
    expect(idsOf(await calls().chain(headersOf('cc')))).toEqual([id('backToCc'), id('viaIptspToRs')]);
  });

  it('shows rs every ticket it received, also one it passed on without staying', async () => {
    expect(idsOf(await calls().chain(headersOf('rs')))).toEqual([id('backToCc'), id('viaIptspToRs'), id('iptspLeaves')]);
  });

  it('leaves out a ticket the department forwarded without staying in the loop, keeps one where it stayed', async () => {
    expect(idsOf(await calls().chain(headersOf('iptsp')))).toEqual([id('viaIptspToRs'), id('iptspStays')]);
  });

  it('maps the oss_bss user type to the oss-bss department', async () => {
    expect(idsOf(await calls().chain(headersOf('oss_bss')))).toEqual([id('iptspStays'), id('toOssOutOfLoop')]);
  });

  it('answers in the ticket list shape, with issuer names for staff', async () => {
    const reply = (await calls().chain(headersOf('cc'))).json<TicketListReply>();
    expect(reply).toMatchObject({ total_tickets: 2, total_pages: 1, previous_page: null, next_page: null });
    expect(reply.data[0]).toMatchObject({
      ticket_id: id('backToCc'),
      issued_to: 'cc',
      issuer_name: 'Sadia Karim',
      ticket_status: 'in_progress',
    });
  });

  it('pages by 10, counting a ticket forwarded many times once', async () => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
    const added: number[] = [];
    for (let n = 0; n < 11; n++) {
      ids[`paged${n}`] = (await buildTicket(ctx.db, issuer.user, { issuedTo: 'cc' })).ticketId;
      added.push(id(`paged${n}`));
      await forward('cc', `paged${n}`, 'cc', 'rs', false);
    }
    // The first of them goes round twice more: still one row, now the newest.
    await forward('rs', 'paged0', 'rs', 'iptsp', true);
    await forward('iptsp', 'paged0', 'iptsp', 'rs', false);

    const expected = [id('paged0'), ...added.slice(1).reverse(), id('backToCc'), id('viaIptspToRs'), id('iptspLeaves')];
    const first = await calls().chain(headersOf('rs'), 1);
    const second = await calls().chain(headersOf('rs'), 2);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(expected);
    expect(first.json<TicketListReply>()).toMatchObject({ total_tickets: 14, total_pages: 2, previous_page: null, next_page: 2 });
    expect(second.json<TicketListReply>()).toMatchObject({ total_tickets: 14, previous_page: 1, next_page: null });
    const past = (await calls().chain(headersOf('rs'), 3)).json<TicketListReply>();
    expect(past).toMatchObject({ data: [], total_tickets: 14, total_pages: 2, previous_page: 2, next_page: null });
  });

  it('refuses a page that is not a positive number', async () => {
    expect((await calls().chain(headersOf('cc'), 0)).statusCode).toBe(400);
    expect((await calls().chain(headersOf('cc'), 'x')).statusCode).toBe(400);
  });
});
