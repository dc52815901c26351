import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Role, UserType } from '@switchboard/shared';
import { groups, subgroups, tickets } from '../../db/schema.ts';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface GroupReply {
  _id: string;
  group_name: string;
  sub_groups: { _id: string; sub_group_bn: string; sub_group_en: string }[];
}

let counter = 0;
/** A group name no other test uses. */
const uniqueName = (base = 'Group') => `${base} ${Date.now().toString(36)}-${++counter}`;

const countRows = async (ctx: TestContext) => ({
  groups: (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(groups))[0]?.n,
  subgroups: (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(subgroups))[0]?.n,
});

const REFUSED: { userType: UserType; role: Role }[] = [
  { userType: 'cc', role: 'support' },
  { userType: 'iptsp', role: 'support' },
  { userType: 'rs', role: 'user' },
  { userType: 'agent', role: 'user' },
  { userType: 'customer', role: 'user' },
];

describeWithApp('groups and subgroups', (ctx) => {
  const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const moderator = () => signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'moderator' });

  /** Creates a group through the API as a moderator. */
  async function createGroup(name = uniqueName(), subs = [{ sub_group_bn: 'ধীর গতি', sub_group_en: 'Slow speed' }]) {
    const { headers } = await moderator();
    const reply = await call('POST', '/groups', headers, { group_name: name, sub_groups: subs });
    if (reply.statusCode !== 201) throw new Error(`create group: ${reply.statusCode} ${reply.body}`);
    return reply.json<{ data: GroupReply }>().data;
  }

  /** A ticket that uses a group and subgroup, as the tickets module stores it (names are snapshots). */
  async function ticketUsing(group: GroupReply) {
    const sub = group.sub_groups[0];
    const [row] = await ctx.db
      .insert(tickets)
      .values({
        title: 'Slow internet',
        description: 'Since morning',
        problematicNumber: '8801712345678',
        issuerUserType: 'customer',
        groupId: group._id,
        groupName: group.group_name,
        subGroupId: sub?._id,
        subGroupName: sub?.sub_group_en,
      })
      .returning();
    if (!row) throw new Error('no ticket');
    return row;
  }

  const ticketById = async (id: number) => (await ctx.db.select().from(tickets).where(eq(tickets.ticketId, id)))[0];

  describe('reads, open to everyone', () => {
    it('lists groups with their Bangla and English subgroups without a token', async () => {
      const created = await createGroup(uniqueName('Internet'), [
        { sub_group_bn: 'সংযোগ বিচ্ছিন্ন', sub_group_en: 'No connection' },
        { sub_group_bn: 'রাউটার সমস্যা', sub_group_en: 'Router problem' },
      ]);
      const reply = await call('GET', '/groups');
      expect(reply.statusCode).toBe(200);
      const listed = reply.json<{ data: GroupReply[] }>().data.find((group) => group._id === created._id);
      expect(listed).toEqual(created);
      expect(listed?.sub_groups.map((sub) => sub.sub_group_bn)).toEqual(['সংযোগ বিচ্ছিন্ন', 'রাউটার সমস্যা']);
    });

    it('lists the subgroups of one group, and of all groups, without a token', async () => {
      const created = await createGroup();
      const one = await call('GET', `/groups/${created._id}/subgroups`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual({ sub_groups: created.sub_groups });
      const all = await call('GET', '/groups/subgroups');
      expect(all.statusCode).toBe(200);
      expect(all.json().sub_groups).toContainEqual({ ...created.sub_groups[0], group_id: created._id });
    });

    it('answers 404 for the subgroups of an unknown group and 400 for a malformed id', async () => {
      expect((await call('GET', '/groups/00000000-0000-4000-8000-000000000000/subgroups')).statusCode).toBe(404);
      expect((await call('GET', '/groups/nope/subgroups')).statusCode).toBe(400);
    });
  });

  describe('create', () => {
    it.each<{ userType: UserType; role: Role }>([
      { userType: 'iptsp', role: 'moderator' },
      { userType: 'cc', role: 'admin' },
    ])('lets a $userType $role create a group with subgroups', async (fields) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, fields);
      const name = uniqueName('Billing');
      const reply = await call('POST', '/groups', headers, {
        group_name: ` ${name} `,
        sub_groups: [
          { sub_group_bn: 'ভুল বিল', sub_group_en: 'Wrong bill' },
          { sub_group_bn: 'রিচার্জ', sub_group_en: 'Recharge' },
        ],
      });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({
        message: 'Group created',
        data: { group_name: name, sub_groups: [{ sub_group_en: 'Wrong bill' }, { sub_group_en: 'Recharge' }] },
      });
    });

    it.each([
      ['no subgroups', { sub_groups: [] }, 'sub_groups'],
      ['no subgroup list', { sub_groups: undefined }, 'sub_groups'],
      ['a subgroup without its Bangla name', { sub_groups: [{ sub_group_en: 'Slow' }] }, 'sub_groups.0.sub_group_bn'],
      [
        'a subgroup with a blank English name',
        { sub_groups: [{ sub_group_bn: 'ধীর', sub_group_en: '  ' }] },
        'sub_groups.0.sub_group_en',
      ],
      ['no group name', { group_name: '' }, 'group_name'],
    ])('refuses %s and stores nothing', async (_reason, fields, field) => {
      const { headers } = await moderator();
      const before = await countRows(ctx);
      const body = { group_name: uniqueName(), sub_groups: [{ sub_group_bn: 'ধীর', sub_group_en: 'Slow' }], ...fields };
      const reply = await call('POST', '/groups', headers, body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details).toHaveProperty(field);
      expect(await countRows(ctx)).toEqual(before);
    });

    it('refuses a name a live group has, whatever the case, with 409', async () => {
      const existing = await createGroup();
      const { headers } = await moderator();
      const before = await countRows(ctx);
      const reply = await call('POST', '/groups', headers, {
        group_name: existing.group_name.toUpperCase(),
        sub_groups: [{ sub_group_bn: 'ক', sub_group_en: 'K' }],
      });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        code: 'conflict',
        message: `A group named "${existing.group_name.toUpperCase()}" already exists`,
      });
      expect(await countRows(ctx)).toEqual(before);
    });

    it('answers in Bangla when the request asks for it: the reply, the refusal and the schema', async () => {
      const { headers } = await moderator();
      const bangla = { ...headers, 'accept-language': 'bn' };
      const name = uniqueName();
      const subs = [{ sub_group_bn: 'ক', sub_group_en: 'K' }];
      const created = await call('POST', '/groups', bangla, { group_name: name, sub_groups: subs });
      expect(created.json()).toMatchObject({ message: 'নতুন গ্রুপ তৈরি হয়েছে' });
      const taken = await call('POST', '/groups', bangla, { group_name: name, sub_groups: subs });
      expect(taken.json()).toEqual({ code: 'conflict', message: `"${name}" নামে একটি গ্রুপ আগে থেকেই আছে` });
      const blank = await call('POST', '/groups', bangla, { group_name: '', sub_groups: subs });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ details: { group_name: 'গ্রুপের নাম দিতে হবে' } });
    });
  });

  describe('who may write', () => {
    it.each(REFUSED)('refuses every write to a $userType $role with 403 and changes nothing', async (fields) => {
      const group = await createGroup();
      const sub = group.sub_groups[0]?._id;
      const { headers } = await signedInAs(ctx.app, ctx.db, fields);
      const before = await countRows(ctx);
      const pair = { sub_group_bn: 'নতুন', sub_group_en: 'New' };
      const replies = await Promise.all([
        call('POST', '/groups', headers, { group_name: uniqueName(), sub_groups: [pair] }),
        call('PUT', `/groups/${group._id}`, headers, { group_name: uniqueName() }),
        call('POST', `/groups/${group._id}/subgroups`, headers, { sub_groups: [pair] }),
        call('PUT', `/groups/${group._id}/${sub}`, headers, pair),
        call('DELETE', `/groups/${group._id}/${sub}`, headers),
        call('DELETE', `/groups/${group._id}`, headers),
      ]);
      expect(replies.map((reply) => reply.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(replies[0]?.json().message).toBe('Only admins and moderators can manage groups');
      expect(await countRows(ctx)).toEqual(before);
      expect((await call('GET', `/groups/${group._id}/subgroups`)).json().sub_groups).toEqual(group.sub_groups);
    });

    it('refuses every write without a token with 401', async () => {
      const group = await createGroup();
      const sub = group.sub_groups[0]?._id;
      const replies = await Promise.all([
        call('POST', '/groups', {}, { group_name: uniqueName(), sub_groups: [] }),
        call('PUT', `/groups/${group._id}`, {}, { group_name: 'x' }),
        call('POST', `/groups/${group._id}/subgroups`, {}, { sub_groups: [] }),
        call('PUT', `/groups/${group._id}/${sub}`, {}, {}),
        call('DELETE', `/groups/${group._id}/${sub}`),
        call('DELETE', `/groups/${group._id}`, { authorization: 'Bearer forged.token.here' }),
      ]);
      expect(replies.map((reply) => reply.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    });
  });

  describe('rename', () => {
    it('renames a group and leaves the name stored on its tickets alone', async () => {
      const group = await createGroup();
      const ticket = await ticketUsing(group);
      const { headers } = await moderator();
      const name = uniqueName('Renamed');
      const reply = await call('PUT', `/groups/${group._id}`, headers, { group_name: name });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ message: 'Group name updated successfully', data: { ...group, group_name: name } });
      expect(await ticketById(ticket.ticketId)).toMatchObject({ groupName: group.group_name });
    });

    it('lets a group keep its own name in another case but not take another group name', async () => {
      const [group, other] = [await createGroup(), await createGroup()];
      const { headers } = await moderator();
      expect(
        (await call('PUT', `/groups/${group._id}`, headers, { group_name: group.group_name.toLowerCase() })).statusCode,
      ).toBe(200);
      const taken = await call('PUT', `/groups/${group._id}`, headers, { group_name: other.group_name });
      expect(taken.statusCode).toBe(409);
    });

    it('renames a subgroup in both languages and leaves tickets alone', async () => {
      const group = await createGroup();
      const ticket = await ticketUsing(group);
      const sub = group.sub_groups[0];
      const { headers } = await moderator();
      const reply = await call('PUT', `/groups/${group._id}/${sub?._id}`, headers, {
        sub_group_bn: 'খুব ধীর',
        sub_group_en: 'Very slow',
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().message).toBe('Subgroup updated successfully');
      expect(reply.json().data.sub_groups[0]).toEqual({ _id: sub?._id, sub_group_bn: 'খুব ধীর', sub_group_en: 'Very slow' });
      expect(await ticketById(ticket.ticketId)).toMatchObject({ subGroupName: 'Slow speed' });
    });

    it('refuses a blank subgroup name and a subgroup of another group', async () => {
      const [group, other] = [await createGroup(), await createGroup()];
      const { headers } = await moderator();
      const sub = group.sub_groups[0]?._id;
      expect(
        (await call('PUT', `/groups/${group._id}/${sub}`, headers, { sub_group_bn: '', sub_group_en: 'x' })).statusCode,
      ).toBe(400);
      const mismatched = await call('PUT', `/groups/${other._id}/${sub}`, headers, { sub_group_bn: 'ক', sub_group_en: 'K' });
      expect(mismatched.statusCode).toBe(404);
      expect((await call('GET', `/groups/${group._id}/subgroups`)).json().sub_groups).toEqual(group.sub_groups);
    });
  });

  describe('add subgroups', () => {
    it('adds subgroups after the existing ones', async () => {
      const group = await createGroup();
      const { headers } = await moderator();
      const reply = await call('POST', `/groups/${group._id}/subgroups`, headers, {
        sub_groups: [{ sub_group_bn: 'সংযোগ নেই', sub_group_en: 'No connection' }],
      });
      expect(reply.statusCode).toBe(201);
      const names = reply.json().data.sub_groups.map((sub: { sub_group_en: string }) => sub.sub_group_en);
      expect(names).toEqual(['Slow speed', 'No connection']);
    });

    it('refuses an empty list and an unknown group', async () => {
      const group = await createGroup();
      const { headers } = await moderator();
      expect((await call('POST', `/groups/${group._id}/subgroups`, headers, { sub_groups: [] })).statusCode).toBe(400);
      const unknown = await call('POST', '/groups/00000000-0000-4000-8000-000000000000/subgroups', headers, {
        sub_groups: [{ sub_group_bn: 'ক', sub_group_en: 'K' }],
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('delete (archive)', () => {
    it('archives a subgroup: gone from every list, its tickets untouched', async () => {
      const group = await createGroup(uniqueName(), [
        { sub_group_bn: 'এক', sub_group_en: 'One' },
        { sub_group_bn: 'দুই', sub_group_en: 'Two' },
      ]);
      const ticket = await ticketUsing(group);
      const doomed = group.sub_groups[0];
      const { headers } = await moderator();
      const reply = await call('DELETE', `/groups/${group._id}/${doomed?._id}`, headers);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ message: 'Subgroup deleted' });
      expect((await call('GET', `/groups/${group._id}/subgroups`)).json().sub_groups).toEqual([group.sub_groups[1]]);
      const all = (await call('GET', '/groups/subgroups')).json().sub_groups.map((sub: { _id: string }) => sub._id);
      expect(all).not.toContain(doomed?._id);
      expect(await ticketById(ticket.ticketId)).toMatchObject({ subGroupId: doomed?._id, subGroupName: 'One' });
      expect((await call('DELETE', `/groups/${group._id}/${doomed?._id}`, headers)).statusCode).toBe(404);
    });

    it('archives a group with its subgroups, keeps its tickets and frees its name', async () => {
      const group = await createGroup();
      const ticket = await ticketUsing(group);
      const { headers } = await moderator();
      const reply = await call('DELETE', `/groups/${group._id}`, headers);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ message: 'Group deleted' });
      const listed = (await call('GET', '/groups')).json().data.map((g: { _id: string }) => g._id);
      expect(listed).not.toContain(group._id);
      expect((await call('GET', `/groups/${group._id}/subgroups`)).statusCode).toBe(404);
      const all = (await call('GET', '/groups/subgroups')).json().sub_groups.map((sub: { group_id: string }) => sub.group_id);
      expect(all).not.toContain(group._id);
      expect(await ticketById(ticket.ticketId)).toMatchObject({ groupId: group._id, groupName: group.group_name });
      expect((await call('PUT', `/groups/${group._id}`, headers, { group_name: uniqueName() })).statusCode).toBe(404);
      expect((await call('DELETE', `/groups/${group._id}`, headers)).statusCode).toBe(404);
      const again = await call('POST', '/groups', headers, {
        group_name: group.group_name,
        sub_groups: [{ sub_group_bn: 'ক', sub_group_en: 'K' }],
      });
      expect(again.statusCode).toBe(201);
    });
  });
});
