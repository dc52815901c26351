import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AreaListReply, AreaReply } from '@switchboard/shared';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { areas, incidents, subscribers } from '../../db/schema.ts';
import { auditRowsOf, insertTestArea, randomMobile, uniqueAreaCode } from './subscribers.test-support.ts';

describeWithApp('areas', (ctx) => {
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  let moderator: Record<string, string>;
  let customer: Record<string, string>;
  let agent: Record<string, string>;
  let place: Awaited<ReturnType<typeof buildGroup>>;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    staff = (await signedInAs(ctx.app, ctx.db, { userType: 'rs' })).headers;
    moderator = (await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'moderator' })).headers;
    customer = (await signedInAs(ctx.app, ctx.db, { userType: 'customer' })).headers;
    agent = (await signedInAs(ctx.app, ctx.db, { userType: 'agent' })).headers;
    place = await buildGroup(ctx.db, { subgroups: ['No internet', 'Slow'] });
  });

  const create = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/areas', headers, payload });

  it('lets an admin create an area with a group and subgroup, audited, and staff list it with its count', async () => {
    const code = uniqueAreaCode('mirpur');
    const subGroupId = place.subgroups[0]?.id ?? null;
    const reply = await create(admin, {
      code,
      name_en: 'Mirpur 10',
      name_bn: 'মিরপুর ১০',
      group_id: place.group.id,
      sub_group_id: subGroupId,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<AreaReply>()).toMatchObject({
      message: 'Area created',
      data: {
        code,
        name_en: 'Mirpur 10',
        group_id: place.group.id,
        group_name: place.group.groupName,
        sub_group_id: subGroupId,
        subscriber_count: 0,
      },
    });
    expect(await auditRowsOf(ctx.db, 'area.create', `area:${code}`)).toHaveLength(1);

    const { stored } = randomMobile();
    await ctx.db.insert(subscribers).values({ number: stored, name: 'Rahim', areaCode: code, plan: 'Home 20', status: 'active' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/areas', headers: staff });
    expect(list.statusCode).toBe(200);
    expect(list.json<AreaListReply>().data.find((area) => area.code === code)).toMatchObject({ subscriber_count: 1 });
  });

  it('refuses a taken code (409), a subgroup of another group or without a group (400), and bad names (400)', async () => {
    const code = await insertTestArea(ctx.db);
    expect((await create(admin, { code, name_en: 'A', name_bn: 'B' })).statusCode).toBe(409);
    const other = await buildGroup(ctx.db);
    const wrongSub = await create(admin, {
      code: uniqueAreaCode(),
      name_en: 'A',
      name_bn: 'B',
      group_id: other.group.id,
      sub_group_id: place.subgroups[0]?.id,
    });
    expect(wrongSub.statusCode).toBe(400);
    expect(wrongSub.json()).toMatchObject({ code: 'validation', details: { sub_group_id: expect.any(String) } });
    expect(
      (await create(admin, { code: uniqueAreaCode(), name_en: 'A', name_bn: 'B', sub_group_id: place.subgroups[0]?.id }))
        .statusCode,
    ).toBe(400);
    expect((await create(admin, { code: uniqueAreaCode(), name_en: '=HYPERLINK("x")', name_bn: 'B' })).statusCode).toBe(400);
    expect((await create(admin, { code: 'bad code!', name_en: 'A', name_bn: 'B' })).statusCode).toBe(400);
  });

  it('refuses everybody but admins to write, and customers and agents to list', async () => {
    for (const headers of [staff, moderator, customer, agent])
      expect((await create(headers, { code: uniqueAreaCode(), name_en: 'A', name_bn: 'B' })).statusCode).toBe(403);
    for (const headers of [customer, agent])
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/areas', headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/areas', headers: moderator })).statusCode).toBe(200);
  });

  it('changes the fields sent, audits before and after, and keeps the subgroup within its group', async () => {
    const code = await insertTestArea(ctx.db);
    const patch = (payload: object) => ctx.app.inject({ method: 'PATCH', url: `/api/v1/areas/${code}`, headers: admin, payload });
    const renamed = await patch({ name_en: 'Uttara 4', group_id: place.group.id });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<AreaReply>().data).toMatchObject({
      name_en: 'Uttara 4',
      name_bn: `এলাকা ${code}`,
      group_id: place.group.id,
    });
    const [entry] = await auditRowsOf(ctx.db, 'area.update', `area:${code}`);
    expect(entry?.details).toEqual({
      before: { name_en: `Area ${code}`, group_id: null },
      after: { name_en: 'Uttara 4', group_id: place.group.id },
    });
    expect((await patch({ group_id: null, sub_group_id: place.subgroups[0]?.id })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ code: 'other' })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/v1/areas/nowhere', headers: admin, payload: { name_en: 'X' } }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes an area nobody names (audited), and refuses one a subscriber or an incident names (409)', async () => {
    const remove = (code: string) => ctx.app.inject({ method: 'DELETE', url: `/api/v1/areas/${code}`, headers: admin });
    const free = await insertTestArea(ctx.db);
    expect((await remove(free)).statusCode).toBe(200);
    expect(await ctx.db.select().from(areas).where(eq(areas.code, free))).toEqual([]);
    expect(await auditRowsOf(ctx.db, 'area.delete', `area:${free}`)).toHaveLength(1);
    expect((await remove(free)).statusCode).toBe(404);

    const lived = await insertTestArea(ctx.db);
    await ctx.db
      .insert(subscribers)
      .values({ number: randomMobile().stored, name: 'Karim', areaCode: lived, plan: 'P', status: 'suspended' });
    const inUse = await remove(lived);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'conflict', message: 'Subscribers or incidents still name this area' });

    const struck = await insertTestArea(ctx.db);
    await ctx.db.insert(incidents).values({ title: 'Fibre cut', areaCodes: [struck], status: 'resolved' });
    expect((await remove(struck)).statusCode).toBe(409);
  });
});
