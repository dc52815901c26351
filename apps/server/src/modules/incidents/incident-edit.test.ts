import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident, IncidentSuggestionsReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog } from '../../db/schema.ts';
import { listen, openEventStream, type EventStream } from '../events/events.test-support.ts';
import { and, eq } from 'drizzle-orm';
import { auditOf, incidentCalls } from './incidents.test-support.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Editing an incident's title and public note while it lasts, and dismissing a suggested burst (DESIGN.md §14). */
describeWithApp('editing incidents and dismissing suggestions', (ctx) => {
  const calls = () => incidentCalls(ctx.app);
  const person = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  const created = async (headers: Record<string, string>, body: Record<string, unknown> = {}) => {
    const reply = await calls().create(headers, { title: 'Fibre cut in Mirpur', public_note: 'We are on it.', ...body });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ data: Incident }>().data;
  };

  describe('editing', () => {
    let baseUrl = '';
    const open: EventStream[] = [];
    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
    });
    afterAll(() => {
      for (const opened of open) opened.close();
    });
    it('lets staff change the title and the public note of an active incident, audited, and the public reads the new note', async () => {
      const cc = await person('cc');
      const rs = await person('rs');
      const { group, subgroups } = await buildGroup(ctx.db, { subgroups: ['Mirpur'] });
      const incident = await created(cc.headers, { group_id: group.id, sub_group_id: subgroups[0]?.id });

      // Any staff member who may create one may edit it (not only its creator).
      const reply = await calls().update(rs.headers, incident.id, {
        title: 'Fibre cut in Mirpur 10',
        public_note: 'Engineers are at the site; service returns by 6 pm.',
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({
        message: 'Incident updated',
        data: {
          id: incident.id,
          title: 'Fibre cut in Mirpur 10',
          public_note: 'Engineers are at the site; service returns by 6 pm.',
        },
      });
      const notes = (await calls().publicNotes(`?sub_group_id=${subgroups[0]?.id}`)).json<{ data: { public_note: string }[] }>();
      expect(notes.data.map((note) => note.public_note)).toEqual(['Engineers are at the site; service returns by 6 pm.']);

      const rows = await auditOf(ctx.db, incident.id);
      expect(rows.at(-1)).toEqual({
        action: 'incident.update',
        actor: rs.user.id,
        details: {
          title: { from: 'Fibre cut in Mirpur', to: 'Fibre cut in Mirpur 10' },
          public_note: { from: 'We are on it.', to: 'Engineers are at the site; service returns by 6 pm.' },
        },
      });
    });

    it('clears the public note with null or blank, changes only what is sent, and is announced live', async () => {
      const cc = await person('cc');
      const incident = await created(cc.headers);
      const stream = await openEventStream(baseUrl, cc.token);
      open.push(stream);
      const reply = await calls().update(cc.headers, incident.id, { public_note: '   ' });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<{ data: Incident }>().data).toMatchObject({ title: 'Fibre cut in Mirpur', public_note: null });
      const cleared = await calls().update(cc.headers, incident.id, { public_note: null, title: 'Renamed' });
      expect(cleared.json<{ data: Incident }>().data).toMatchObject({ title: 'Renamed', public_note: null });
      expect((await auditOf(ctx.db, incident.id)).filter((row) => row.action === 'incident.update')).toHaveLength(2);
      // Staff screens showing the incident hear of each change.
      await stream.until((s) => s.events.filter((event) => event.event === 'incident.changed').length >= 2);
      expect(stream.events).toContainEqual({ event: 'incident.changed', data: { incident_id: incident.id } });
    });

    it('refuses a resolved incident with 409 and an unknown one with 404', async () => {
      const cc = await person('cc');
      const incident = await created(cc.headers);
      expect((await calls().resolve(cc.headers, incident.id)).statusCode).toBe(200);
      const late = await calls().update(cc.headers, incident.id, { title: 'Too late' });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({ code: 'conflict' });
      expect((await calls().update(cc.headers, 99_999_999, { title: 'Nobody' })).statusCode).toBe(404);
    });

    it.each([
      ['nothing to change', {}],
      ['a blank title', { title: '   ' }],
      ['a title too long', { title: 'x'.repeat(1001) }],
      ['a note too long', { public_note: 'x'.repeat(1001) }],
    ])('refuses %s with 400 and changes nothing', async (_name, body) => {
      const cc = await person('cc');
      const incident = await created(cc.headers);
      const reply = await calls().update(cc.headers, incident.id, body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation' });
      const detail = await calls().detail(cc.headers, incident.id);
      expect({ title: detail.title, note: detail.public_note }).toEqual({ title: 'Fibre cut in Mirpur', note: 'We are on it.' });
    });

    it.each(['customer', 'agent'] as const)('refuses a %s with 403', async (userType) => {
      const cc = await person('cc');
      const incident = await created(cc.headers);
      const caller = await person(userType);
      const reply = await calls().update(caller.headers, incident.id, { title: 'Mine now' });
      expect(reply.statusCode).toBe(403);
      expect((await calls().update({}, incident.id, { title: 'Mine now' })).statusCode).toBe(401);
    });
  });

  describe('dismissing a suggestion', () => {
    const burst = async (n: number) => {
      const group = await buildGroup(ctx.db, { subgroups: ['Uttara'] });
      const issuer = await person('customer');
      const subGroupId = group.subgroups[0]?.id ?? null;
      for (let i = 0; i < n; i++)
        await buildTicket(ctx.db, issuer.user, { groupId: group.group.id, subGroupId, createdAt: minutesAgo(5 + i / 10) });
      return { subGroupId: subGroupId ?? '', issuer, group };
    };
    const suggested = async (headers: Record<string, string>, subGroupId: string) =>
      (await calls().suggestions(headers)).json<IncidentSuggestionsReply>().data.some((row) => row.sub_group_id === subGroupId);

    it("hides the burst from the dismisser's department on every device, not from other departments, audited", async () => {
      const cc = await person('cc', 'Ayesha');
      const ccColleague = await person('cc');
      const rs = await person('rs');
      const { subGroupId } = await burst(5);
      expect(await suggested(cc.headers, subGroupId)).toBe(true);

      const reply = await calls().dismiss(cc.headers, { sub_group_id: subGroupId });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({ message: 'Suggestion dismissed' });
      expect(await suggested(cc.headers, subGroupId)).toBe(false);
      expect(await suggested(ccColleague.headers, subGroupId)).toBe(false);
      expect(await suggested(rs.headers, subGroupId)).toBe(true);

      const rows = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'incident.dismiss'), eq(auditLog.target, `subgroup:${subGroupId}`)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorUserId: cc.user.id, details: { department: 'cc' } });
    });

    it('shows a new burst again: one of at least the threshold of reports all raised after the dismissal', async () => {
      const cc = await person('cc');
      const { subGroupId, issuer, group } = await burst(5);
      expect((await calls().dismiss(cc.headers, { sub_group_id: subGroupId })).statusCode).toBe(200);
      // More reports of the same burst keep it dismissed while the older ones are in the window.
      await buildTicket(ctx.db, issuer.user, { groupId: group.group.id, subGroupId, createdAt: new Date(Date.now() + 1000) });
      expect(await suggested(cc.headers, subGroupId)).toBe(false);
      // Once every report of the window came after the dismissal, it is a new burst.
      const { tickets } = await import('../../db/schema.ts');
      const { lt } = await import('drizzle-orm');
      await ctx.db
        .update(tickets)
        .set({ createdAt: minutesAgo(60 * 24) })
        .where(and(eq(tickets.subGroupId, subGroupId), lt(tickets.createdAt, minutesAgo(1))));
      for (let i = 0; i < 5; i++)
        await buildTicket(ctx.db, issuer.user, {
          groupId: group.group.id,
          subGroupId,
          createdAt: new Date(Date.now() + 2000 + i),
        });
      expect(await suggested(cc.headers, subGroupId)).toBe(true);
    });

    it.each([
      ['no subgroup', {}, 400],
      ['an id that is not one', { sub_group_id: 'Uttara' }, 400],
      ['a subgroup that does not exist', { sub_group_id: '00000000-0000-4000-8000-00000000dead' }, 404],
    ])('refuses %s', async (_name, body, status) => {
      const cc = await person('cc');
      const reply = await calls().dismiss(cc.headers, body);
      expect(reply.statusCode, reply.body).toBe(status);
    });

    it.each(['customer', 'agent'] as const)('refuses a %s with 403', async (userType) => {
      const { subGroupId } = await burst(1);
      const caller = await person(userType);
      expect((await calls().dismiss(caller.headers, { sub_group_id: subGroupId })).statusCode).toBe(403);
    });
  });
});
