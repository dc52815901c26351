/**
 * An incident never widens who may act on a ticket (DESIGN.md §6, §14): linking a ticket (creating
 * an incident with it counts), taking it out again and resolving the incident all need the right to
 * act on each ticket, its holder's department's or cc's.
 */
import { expect, it } from 'vitest';
import type { Department, IncidentListReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { outboxOf } from '../notifications/notifications.test-support.ts';
import { auditOf, incidentCalls, storedTicket } from './incidents.test-support.ts';

describeWithApp('the rights an incident needs', (ctx) => {
  const calls = () => incidentCalls(ctx.app);
  const person = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  const bangla = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'bn' });

  const ticketsHeldBy = async (...holders: Department[]) => {
    const issuer = await person('customer');
    const rows = [];
    for (const issuedTo of holders) rows.push(await buildTicket(ctx.db, issuer.user, { issuedTo, ticketStatus: 'open' }));
    return rows.map((row) => row.ticketId);
  };
  const idOf = (reply: { json: <T>() => T }) => reply.json<{ data: { id: number } }>().data.id;

  it('refuses an oss_bss user an incident with tickets held by cc and rs, and creates nothing', async () => {
    const ossBss = await person('oss_bss');
    const [ccTicket = 0, rsTicket = 0, own = 0] = await ticketsHeldBy('cc', 'rs', 'oss-bss');
    const title = `Closing everything ${Date.now()}`;
    const reply = await calls().create(ossBss.headers, { title, ticket_ids: [own, rsTicket, ccTicket] });
    expect(reply.statusCode, reply.body).toBe(403);
    expect(reply.json()).toEqual({
      message: `Held by another department: tickets ${ccTicket}, ${rsTicket}. Only its staff or Customer Care can link them to an incident.`,
      code: 'forbidden',
    });
    for (const id of [ccTicket, rsTicket, own]) expect((await storedTicket(ctx.db, id)).incidentId).toBeNull();
    const listed = (await calls().list(ossBss.headers)).json<IncidentListReply>();
    expect(listed.data.filter((incident) => incident.title === title)).toEqual([]);

    // Its own department's tickets it may group.
    const mine = await calls().create(ossBss.headers, { title, ticket_ids: [own] });
    expect(mine.statusCode, mine.body).toBe(201);
  });

  it('refuses to link or unlink a ticket of another department; cc links and unlinks any', async () => {
    const rs = await person('rs');
    const cc = await person('cc');
    const [own = 0, iptspTicket = 0] = await ticketsHeldBy('rs', 'iptsp');
    const id = idOf(await calls().create(rs.headers, { title: 'Fibre cut', ticket_ids: [own] }));

    const link = await calls().link(rs.headers, id, [iptspTicket]);
    expect(link.statusCode).toBe(403);
    expect(link.json().message).toBe(
      `Held by another department: ticket ${iptspTicket}. Only its staff or Customer Care can link it to an incident.`,
    );
    expect((await storedTicket(ctx.db, iptspTicket)).incidentId).toBeNull();

    expect((await calls().link(cc.headers, id, [iptspTicket])).statusCode).toBe(200);
    const unlink = await calls().unlink(rs.headers, id, iptspTicket);
    expect(unlink.statusCode).toBe(403);
    expect(unlink.json().message).toBe(
      `Ticket ${iptspTicket} is held by another department: only its staff or Customer Care can take it out of an incident.`,
    );
    expect((await storedTicket(ctx.db, iptspTicket)).incidentId).toBe(id);
    expect((await calls().unlink(cc.headers, id, iptspTicket)).statusCode).toBe(200);
    expect((await calls().unlink(rs.headers, id, own)).statusCode).toBe(200);
  });

  it('refuses a resolve while another department holds an unsolved ticket, naming them, and changes nothing', async () => {
    const cc = await person('cc');
    const ossBss = await person('oss_bss');
    const [ccTicket = 0, rsTicket = 0, own = 0] = await ticketsHeldBy('cc', 'rs', 'oss-bss');
    const id = idOf(await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: [ccTicket, rsTicket, own] }));

    const reply = await calls().resolve(ossBss.headers, id);
    expect(reply.statusCode, reply.body).toBe(403);
    expect(reply.json()).toEqual({
      message: `Held by another department: tickets ${ccTicket}, ${rsTicket}. Only its staff or Customer Care can resolve them, so the incident stays active.`,
      code: 'forbidden',
    });
    for (const ticketId of [ccTicket, rsTicket, own]) {
      const stored = await storedTicket(ctx.db, ticketId);
      expect(stored).toMatchObject({ status: 'open', comments: [] });
      expect(await outboxOf(ctx.db, ticketId)).toEqual([]);
    }
    expect((await auditOf(ctx.db, id)).map((row) => row.action)).toEqual(['incident.create']);
    expect((await calls().detail(cc.headers, id)).status).toBe('active');
  });

  it('lets a department resolve an incident once the others are solved, and cc resolve any', async () => {
    const cc = await person('cc');
    const rs = await person('rs');
    const [ccTicket = 0, rsTicket = 0] = await ticketsHeldBy('cc', 'rs');
    const closed = await buildTicket(ctx.db, null, { issuedTo: 'iptsp', ticketStatus: 'closed' });
    const id = idOf(await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: [ccTicket, rsTicket, closed.ticketId] }));
    expect((await calls().resolve(rs.headers, id)).statusCode).toBe(403);

    // The ticket cc holds is solved on its own; what is left is rs's (the solved iptsp ticket asks nothing).
    const solved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/resolve-ticket',
      headers: cc.headers,
      payload: { ticket_id: ccTicket },
    });
    expect(solved.statusCode, solved.body).toBe(200);
    const reply = await calls().resolve(rs.headers, id);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ affected: 1, data: { status: 'resolved' } });

    const other = await ticketsHeldBy('rs', 'iptsp', 'oss-bss');
    const anyId = idOf(await calls().create(cc.headers, { title: 'Power cut', ticket_ids: other }));
    expect((await calls().resolve(cc.headers, anyId)).json()).toMatchObject({ affected: 3 });
  });

  it('refuses in Bangla, the ids in Latin digits', async () => {
    const iptsp = await person('iptsp');
    const cc = await person('cc');
    const [rsTicket = 0, own = 0] = await ticketsHeldBy('rs', 'iptsp');
    const refused = await calls().create(bangla(iptsp.headers), { title: 'Fibre cut', ticket_ids: [rsTicket] });
    expect(refused.json()).toEqual({
      message: `অন্য বিভাগের কাছে আছে: টিকিট ${rsTicket}। শুধু সেই বিভাগ বা কাস্টমার কেয়ার এটি ইনসিডেন্টে যুক্ত করতে পারেন।`,
      code: 'forbidden',
    });
    const id = idOf(await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: [rsTicket, own] }));
    const unlink = await calls().unlink(bangla(iptsp.headers), id, rsTicket);
    expect(unlink.json().message).toBe(
      `টিকিট ${rsTicket} অন্য বিভাগের কাছে আছে: শুধু সেই বিভাগ বা কাস্টমার কেয়ার এটি ইনসিডেন্ট থেকে আলাদা করতে পারেন।`,
    );
    const resolve = await calls().resolve(bangla(iptsp.headers), id);
    expect(resolve.json().message).toBe(
      `অন্য বিভাগের কাছে আছে: টিকিট ${rsTicket}। শুধু সেই বিভাগ বা কাস্টমার কেয়ার এটি সমাধান করতে পারেন, তাই ইনসিডেন্টটি সক্রিয় থাকছে।`,
    );
  });

  it('names at most 20 tickets of a long refusal and counts the rest', async () => {
    const ossBss = await person('oss_bss');
    const ids = await ticketsHeldBy(...Array.from({ length: 23 }, () => 'iptsp' as const));
    const reply = await calls().create(ossBss.headers, { title: 'Fibre cut', ticket_ids: ids });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(
      `Held by another department: tickets ${ids.slice(0, 20).join(', ')} and 3 more. Only its staff or Customer Care can link them to an incident.`,
    );
  });
});
