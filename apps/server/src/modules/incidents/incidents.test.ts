import { describe, expect, it } from 'vitest';
import type { IncidentListReply, IncidentSuggestionsReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { auditOf, incidentCalls, storedTicket } from './incidents.test-support.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeWithApp('incidents', (ctx) => {
  const calls = () => incidentCalls(ctx.app);
  const person = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });

  /** A fresh subgroup (so suggestions of other tests do not mix in) and `n` reports in it. */
  const burst = async (n: number, fields: { minutes?: number; status?: 'open' | 'in_progress' | 'closed' } = {}) => {
    const group = await buildGroup(ctx.db, { subgroups: ['Slow speed', 'No connection'] });
    const issuer = await person('customer');
    const subGroupId = group.subgroups[0]?.id ?? null;
    const reports = [];
    for (let i = 0; i < n; i++)
      reports.push(
        await buildTicket(ctx.db, issuer.user, {
          groupId: group.group.id,
          subGroupId,
          ticketStatus: fields.status ?? 'open',
          createdAt: minutesAgo((fields.minutes ?? 5) + i / 10),
        }),
      );
    return { group, subGroupId, issuer, reports, ids: reports.map((ticket) => ticket.ticketId) };
  };

  const suggestionFor = async (headers: Record<string, string>, subGroupId: string | null) => {
    const reply = await calls().suggestions(headers);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<IncidentSuggestionsReply>().data.find((suggestion) => suggestion.sub_group_id === subGroupId);
  };

  describe('who may', () => {
    it('needs a signed-in user on every staff endpoint', async () => {
      for (const reply of [
        await calls().suggestions({}),
        await calls().list({}),
        await calls().create({}, { title: 'Fibre cut' }),
        await calls().get({}, 1),
        await calls().link({}, 1, [100001]),
        await calls().unlink({}, 1, 100001),
        await calls().resolve({}, 1),
      ])
        expect(reply.statusCode).toBe(401);
    });

    it.each(['customer', 'agent'] as const)('refuses a %s every incident endpoint but the public notes', async (userType) => {
      const caller = await person(userType);
      const cc = await person('cc');
      const { ids } = await burst(1);
      const created = await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: ids });
      const id = created.json<{ data: { id: number } }>().data.id;
      for (const reply of [
        await calls().suggestions(caller.headers),
        await calls().list(caller.headers),
        await calls().create(caller.headers, { title: 'Fibre cut' }),
        await calls().get(caller.headers, id),
        await calls().link(caller.headers, id, ids),
        await calls().unlink(caller.headers, id, ids[0] ?? 0),
        await calls().resolve(caller.headers, id),
      ]) {
        expect(reply.statusCode).toBe(403);
        expect(reply.json()).toEqual({ message: 'Incidents are for staff only.', code: 'forbidden' });
      }
      expect((await storedTicket(ctx.db, ids[0] ?? 0)).status).toBe('open');
      expect((await calls().publicNotes()).statusCode).toBe(200);
    });
  });

  describe('suggestions', () => {
    it(`suggests a subgroup from 5 unlinked open tickets in the window, oldest first, and not from 4`, async () => {
      const cc = await person('cc');
      const five = await burst(5);
      const four = await burst(4);
      const suggestion = await suggestionFor(cc.headers, five.subGroupId);
      expect(suggestion).toMatchObject({
        group_id: five.group.group.id,
        group_name: 'Internet',
        sub_group_name: 'Slow speed',
        sub_group_name_bn: 'Slow speed (bn)',
        ticket_count: 5,
        ticket_ids: [...five.ids].reverse(),
      });
      expect(new Date(suggestion?.since ?? 0).getTime()).toBe(five.reports.at(-1)?.createdAt.getTime());
      expect(await suggestionFor(cc.headers, four.subGroupId)).toBeUndefined();
      const reply = (await calls().suggestions(cc.headers)).json<IncidentSuggestionsReply>();
      expect(reply).toMatchObject({ window_minutes: 30, threshold: 5 });
    });

    it('counts only tickets reported within the window', async () => {
      const cc = await person('cc');
      const inside = await burst(4, { minutes: 20 });
      // One more just inside the 30 minutes, and one just outside: 5 in the window, not 6.
      const edge = { groupId: inside.group.group.id, subGroupId: inside.subGroupId };
      await buildTicket(ctx.db, inside.issuer.user, { ...edge, createdAt: minutesAgo(29.5) });
      await buildTicket(ctx.db, inside.issuer.user, { ...edge, createdAt: minutesAgo(30.5) });
      expect(await suggestionFor(cc.headers, inside.subGroupId)).toMatchObject({ ticket_count: 5 });

      const old = await burst(4, { minutes: 20 });
      await buildTicket(ctx.db, old.issuer.user, {
        groupId: old.group.group.id,
        subGroupId: old.subGroupId,
        createdAt: minutesAgo(31),
      });
      expect(await suggestionFor(cc.headers, old.subGroupId)).toBeUndefined();
    });

    it('leaves out solved tickets and tickets of an incident', async () => {
      const cc = await person('cc');
      const solved = await burst(4);
      await buildTicket(ctx.db, solved.issuer.user, {
        groupId: solved.group.group.id,
        subGroupId: solved.subGroupId,
        ticketStatus: 'closed',
      });
      expect(await suggestionFor(cc.headers, solved.subGroupId)).toBeUndefined();

      const grouped = await burst(6);
      expect(await suggestionFor(cc.headers, grouped.subGroupId)).toMatchObject({ ticket_count: 6 });
      await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: grouped.ids.slice(0, 2) });
      expect(await suggestionFor(cc.headers, grouped.subGroupId)).toBeUndefined();
    });

    it('counts in progress tickets, and each subgroup of a group on its own', async () => {
      const cc = await person('cc');
      const working = await burst(5, { status: 'in_progress' });
      expect(await suggestionFor(cc.headers, working.subGroupId)).toMatchObject({ ticket_count: 5 });
      const other = working.group.subgroups[1]?.id ?? null;
      for (let i = 0; i < 4; i++)
        await buildTicket(ctx.db, working.issuer.user, { groupId: working.group.group.id, subGroupId: other });
      expect(await suggestionFor(cc.headers, other)).toBeUndefined();
    });
  });

  describe('grouping', () => {
    it('creates an incident with its tickets, shows it to staff on the ticket, and audits it', async () => {
      const cc = await person('cc', 'Ayesha Rahman');
      const { ids, group, subGroupId, issuer } = await burst(5);
      const reply = await calls().create(cc.headers, {
        title: 'Fibre cut in Mirpur',
        group_id: group.group.id,
        sub_group_id: subGroupId,
        public_note: '  Engineers are on site.  ',
        ticket_ids: ids,
      });
      expect(reply.statusCode, reply.body).toBe(201);
      const incident = reply.json<{ data: { id: number } }>().data;
      expect(incident).toMatchObject({
        title: 'Fibre cut in Mirpur',
        status: 'active',
        group_name: group.group.groupName,
        sub_group_name: 'Slow speed',
        sub_group_name_bn: 'Slow speed (bn)',
        public_note: 'Engineers are on site.',
        created_by_name: 'Ayesha Rahman',
        ticket_count: 5,
        open_ticket_count: 5,
        resolved_at: null,
      });
      for (const id of ids) expect((await storedTicket(ctx.db, id)).incidentId).toBe(incident.id);
      expect((await calls().view(cc.headers, ids[0] ?? 0)).incident_id).toBe(incident.id);
      const seenByIssuer = await calls().view(issuer.headers, ids[0] ?? 0);
      expect(seenByIssuer).not.toHaveProperty('incident_id');
      expect(await auditOf(ctx.db, incident.id)).toEqual([
        {
          action: 'incident.create',
          actor: cc.user.id,
          details: { title: 'Fibre cut in Mirpur', tickets_linked: 5, ticket_ids: ids },
        },
      ]);
    });

    it('creates nothing when a ticket does not exist or belongs to another incident', async () => {
      const cc = await person('cc');
      const { ids } = await burst(3);
      const missing = await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: [...ids, 987_654_321] });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('There is no such ticket: 987654321.');
      for (const id of ids) expect((await storedTicket(ctx.db, id)).incidentId).toBeNull();

      const first = await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: ids.slice(0, 1) });
      const firstId = first.json<{ data: { id: number } }>().data.id;
      const taken = await calls().create(cc.headers, { title: 'Same fault', ticket_ids: ids });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(`Already part of another incident: ticket ${ids[0]} (incident #${firstId}).`);
      expect((await storedTicket(ctx.db, ids[1] ?? 0)).incidentId).toBeNull();
      const active = (await calls().list(cc.headers)).json<IncidentListReply>();
      expect(active.data.filter((incident) => incident.title === 'Same fault')).toEqual([]);
    });

    it('refuses a subgroup of another group, a subgroup without its group and a blank title', async () => {
      const cc = await person('cc');
      const mine = await buildGroup(ctx.db);
      const theirs = await buildGroup(ctx.db);
      const wrong = await calls().create(cc.headers, {
        title: 'Fibre cut',
        group_id: mine.group.id,
        sub_group_id: theirs.subgroups[0]?.id,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details).toEqual({ sub_group_id: 'Choose a subgroup of the chosen group' });
      expect((await calls().create(cc.headers, { title: 'Fibre cut', sub_group_id: mine.subgroups[0]?.id })).statusCode).toBe(
        400,
      );
      expect((await calls().create(cc.headers, { title: '   ' })).statusCode).toBe(400);
      const tooMany = Array.from({ length: 201 }, (_, i) => 100_001 + i);
      expect((await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: tooMany })).statusCode).toBe(400);
    });

    it('links and unlinks tickets, once each, and audits both', async () => {
      const cc = await person('cc');
      const { ids } = await burst(4);
      const [first = 0, second = 0, third = 0] = ids;
      const created = await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: [first] });
      const id = created.json<{ data: { id: number } }>().data.id;

      const linked = await calls().link(cc.headers, id, [second, third, second]);
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({ message: 'Linked 2 tickets', affected: 2, data: { ticket_count: 3 } });
      // A double click links nothing twice.
      expect((await calls().link(cc.headers, id, [second])).json()).toMatchObject({ affected: 0, data: { ticket_count: 3 } });

      const unlinked = await calls().unlink(cc.headers, id, second);
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      expect(unlinked.json()).toMatchObject({ affected: 1, data: { ticket_count: 2 } });
      expect((await storedTicket(ctx.db, second)).incidentId).toBeNull();
      const again = await calls().unlink(cc.headers, id, second);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(`Ticket ${second} is not part of this incident.`);

      expect((await auditOf(ctx.db, id)).map((row) => [row.action, row.details])).toEqual([
        ['incident.create', { title: 'Fibre cut', tickets_linked: 1, ticket_ids: [first] }],
        ['incident.link', { ticket_ids: [second, third], tickets_linked: 2 }],
        ['incident.link', { ticket_ids: [], tickets_linked: 0 }],
        ['incident.unlink', { ticket_id: second, ticket_ids: [second] }],
      ]);
    });

    it('answers 404 for an incident that does not exist and 400 for an id that is not one', async () => {
      const cc = await person('cc');
      expect((await calls().get(cc.headers, 987_654)).statusCode).toBe(404);
      expect((await calls().link(cc.headers, 987_654, [100_001])).statusCode).toBe(404);
      expect((await calls().resolve(cc.headers, 987_654)).statusCode).toBe(404);
      expect((await calls().get(cc.headers, 'abc')).statusCode).toBe(400);
      expect((await calls().link(cc.headers, 1, [])).statusCode).toBe(400);
    });

    it('shows the tickets, counts, timeline and newly reported tickets of its subgroup', async () => {
      const cc = await person('cc');
      const { ids, group, subGroupId, issuer } = await burst(5);
      const created = await calls().create(cc.headers, {
        title: 'Fibre cut',
        group_id: group.group.id,
        sub_group_id: subGroupId,
        ticket_ids: ids.slice(0, 4),
      });
      const id = created.json<{ data: { id: number } }>().data.id;
      const newcomer = await buildTicket(ctx.db, issuer.user, { groupId: group.group.id, subGroupId });
      // An older report of the same subgroup, long before the fault, is not offered.
      await buildTicket(ctx.db, issuer.user, { groupId: group.group.id, subGroupId, createdAt: minutesAgo(120) });

      const detail = await calls().detail(cc.headers, id);
      expect(detail.tickets.map((ticket) => ticket.ticket_id)).toEqual(ids.slice(0, 4));
      expect(detail.tickets[0]).toHaveProperty('issued_to', 'cc');
      expect(detail).toMatchObject({ ticket_count: 4, open_ticket_count: 4 });
      expect(detail.suggested_tickets.map((ticket) => ticket.ticket_id)).toEqual([newcomer.ticketId, ids[4]]);
      expect(detail.timeline.map((entry) => entry.event)).toEqual(['first_report', 'latest_report', 'created']);
    });

    it('lists active and resolved incidents apart, newest first, 10 per page', async () => {
      const rs = await person('rs');
      const before = (await calls().list(rs.headers)).json<IncidentListReply>().total;
      const made: number[] = [];
      for (let i = 0; i < 11; i++)
        made.push((await calls().create(rs.headers, { title: `Fault ${i}` })).json<{ data: { id: number } }>().data.id);
      await calls().resolve(rs.headers, made[10] ?? 0);
      const first = (await calls().list(rs.headers, '?status=active&page=1')).json<IncidentListReply>();
      expect(first.total).toBe(before + 10);
      expect(first.data).toHaveLength(10);
      expect(first.data[0]?.title).toBe('Fault 9');
      expect(first.next_page).toBe(2);
      const resolved = (await calls().list(rs.headers, '?status=resolved')).json<IncidentListReply>();
      expect(resolved.data.map((incident) => incident.id)).toContain(made[10]);
      expect(resolved.data.every((incident) => incident.status === 'resolved')).toBe(true);
      expect((await calls().list(rs.headers, '?status=open')).statusCode).toBe(400);
    });
  });

  describe('public notes', () => {
    it('serves the note of an active incident of the subgroup, without login, and drops it once resolved', async () => {
      const cc = await person('cc');
      const { group, subGroupId } = await burst(0);
      const quiet = await buildGroup(ctx.db);
      const created = await calls().create(cc.headers, {
        title: 'Fibre cut',
        group_id: group.group.id,
        sub_group_id: subGroupId,
        public_note: 'A fibre cable was cut; service returns by 6 pm.',
      });
      const incident = created.json<{ data: { id: number; created_at: string } }>().data;
      await calls().create(cc.headers, { title: 'No note', group_id: group.group.id, sub_group_id: subGroupId });

      const notes = await calls().publicNotes(`?sub_group_id=${subGroupId}`);
      expect(notes.statusCode).toBe(200);
      expect(notes.json()).toEqual({
        data: [
          {
            sub_group_id: subGroupId,
            public_note: 'A fibre cable was cut; service returns by 6 pm.',
            since: incident.created_at,
          },
        ],
      });
      expect((await calls().publicNotes(`?sub_group_id=${quiet.subgroups[0]?.id}`)).json()).toEqual({ data: [] });
      expect((await calls().publicNotes('?sub_group_id=nope')).statusCode).toBe(400);

      await calls().resolve(cc.headers, incident.id);
      expect((await calls().publicNotes(`?sub_group_id=${subGroupId}`)).json()).toEqual({ data: [] });
    });
  });

  describe('in Bangla', () => {
    const bangla = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'bn' });

    it('counts, refuses and names tickets in Bangla, the ids in Latin digits', async () => {
      const cc = await person('cc');
      const { ids } = await burst(4);
      const [first = 0, second = 0, third = 0, fourth = 0] = ids;
      const created = await calls().create(cc.headers, { title: 'Fibre cut', ticket_ids: [first] });
      const id = created.json<{ data: { id: number } }>().data.id;

      const linked = await calls().link(bangla(cc.headers), id, [second, third]);
      expect(linked.json()).toMatchObject({ message: '2টি টিকিট যুক্ত করা হয়েছে', affected: 2 });
      expect((await calls().link(cc.headers, id, [fourth])).json()).toMatchObject({ message: 'Linked 1 ticket' });

      const taken = await calls().create(bangla(cc.headers), { title: 'Same fault', ticket_ids: [first] });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(`অন্য একটি ইনসিডেন্টের অংশ: টিকিট ${first} (ইনসিডেন্ট #${id})।`);
      const blank = await calls().create(bangla(cc.headers), { title: '   ' });
      expect(blank.json().details).toEqual({ title: 'শিরোনাম দিতে হবে' });

      const resolved = await calls().resolve(bangla(cc.headers), id);
      expect(resolved.json()).toMatchObject({ message: 'ইনসিডেন্ট এবং 4টি টিকিট সমাধান করা হয়েছে', affected: 4 });
      const again = await calls().resolve(bangla(cc.headers), id);
      expect(again.json()).toEqual({ message: 'ইনসিডেন্টটি আগেই সমাধান হয়েছে।', code: 'conflict' });
      const customer = await person('customer');
      expect((await calls().list(bangla(customer.headers))).json()).toEqual({
        message: 'ইনসিডেন্ট শুধু স্টাফদের জন্য।',
        code: 'forbidden',
      });
    });
  });
});
