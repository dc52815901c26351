import { beforeAll, expect, it } from 'vitest';
import type { SubscriberCardReply, SubscriberListReply, SubscriberReply } from '@switchboard/shared';
import { createClient, type TestClient } from '../../../test/api-client-factories.ts';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { incidents, subscribers } from '../../db/schema.ts';
import { auditRowsOf, insertTestArea, randomMobile } from './subscribers.test-support.ts';

describeWithApp('subscribers: one by one, search and card', (ctx) => {
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  let moderator: Record<string, string>;
  let customer: Record<string, string>;
  let agent: Record<string, string>;
  let writer: TestClient;
  let reader: TestClient;
  let area: string;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    staff = (await signedInAs(ctx.app, ctx.db, { userType: 'oss_bss' })).headers;
    moderator = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'moderator' })).headers;
    customer = (await signedInAs(ctx.app, ctx.db, { userType: 'customer' })).headers;
    agent = (await signedInAs(ctx.app, ctx.db, { userType: 'agent' })).headers;
    writer = await createClient(ctx.app, ctx.db, admin, { scopes: ['subscribers:write'] });
    reader = await createClient(ctx.app, ctx.db, admin, { scopes: ['tickets:read'] });
    area = await insertTestArea(ctx.db);
  });

  const put = (headers: Record<string, string>, number: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1/subscribers/${number}`, headers, payload });
  const fields = (more: object = {}) => ({ name: 'Rahima Khatun', area_code: area, plan: 'Home 20', status: 'active', ...more });

  it('upserts one subscriber by number for an admin or a client with subscribers:write, audited only when it changes', async () => {
    const { entry, stored } = randomMobile();
    const first = await put(admin, entry, fields({ language: 'en', external_id: 'B-1' }));
    expect(first.statusCode).toBe(200);
    expect(first.json<SubscriberReply>()).toMatchObject({
      message: 'Subscriber saved',
      data: {
        number: stored,
        name: 'Rahima Khatun',
        area_code: area,
        area_name_en: `Area ${area}`,
        language: 'en',
        external_id: 'B-1',
      },
    });
    const byClient = await put(writer.headers, `+${stored}`, fields({ plan: 'Home 40' }));
    expect(byClient.statusCode).toBe(200);
    // Left out, the external id stays; the language falls back to bn.
    expect(byClient.json<SubscriberReply>().data).toMatchObject({ plan: 'Home 40', external_id: 'B-1', language: 'bn' });
    expect((await put(writer.headers, stored, fields({ plan: 'Home 40' }))).statusCode).toBe(200);
    const audited = await auditRowsOf(ctx.db, 'subscriber.upsert', `subscriber:${stored}`);
    expect(audited).toHaveLength(2);
    expect(audited[1]?.details).toMatchObject({ plan: 'Home 40', client_id: writer.id });
  });

  it('refuses other callers (403) and bad input (400) and stores nothing', async () => {
    const { stored } = randomMobile();
    for (const headers of [staff, moderator, customer, agent])
      expect((await put(headers, stored, fields())).statusCode).toBe(403);
    expect((await put(reader.headers, stored, fields())).statusCode).toBe(403);
    expect((await put(admin, '12345', fields())).statusCode).toBe(400);
    expect((await put(admin, stored, fields({ area_code: 'nowhere' }))).json()).toMatchObject({
      code: 'validation',
      details: { area_code: 'No area has the code nowhere' },
    });
    expect((await put(admin, stored, fields({ name: "=cmd|' /C calc'!A0" }))).statusCode).toBe(400);
    expect((await put(admin, stored, fields({ status: 'gone' }))).statusCode).toBe(400);
    expect((await put(admin, stored, { ...fields(), opted_out_at: null })).statusCode).toBe(400);
    const rows = await ctx.db.select().from(subscribers);
    expect(rows.some((row) => row.number === stored)).toBe(false);
  });

  it('finds subscribers by part of a name or number, of an area, 20 a page, for admins only', async () => {
    const place = await insertTestArea(ctx.db);
    const numbers = Array.from({ length: 23 }, () => randomMobile().stored);
    await ctx.db.insert(subscribers).values(
      numbers.map((number, i) => ({
        number,
        name: `Sumaiya ${i} Ferdous`,
        areaCode: place,
        plan: 'Fibre',
        status: 'active' as const,
      })),
    );
    const search = (query: string, headers = admin) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/subscribers?${query}`, headers });
    const page = (await search(`area=${place}&q=ferdous`)).json<SubscriberListReply>();
    expect(page).toMatchObject({ total: 23, total_pages: 2, previous_page: null, next_page: 2 });
    expect(page.data).toHaveLength(20);
    const second = (await search(`area=${place}&q=FERDOUS&page=2`)).json<SubscriberListReply>();
    expect(second.data).toHaveLength(3);
    const byNumber = (await search(`q=${numbers[4]?.slice(2)}`)).json<SubscriberListReply>();
    expect(byNumber.data.map((row) => row.number)).toEqual([numbers[4]]);
    expect((await search('q=100%25_')).json<SubscriberListReply>().total).toBe(0);
    for (const headers of [staff, moderator, customer, agent]) expect((await search('q=x', headers)).statusCode).toBe(403);
    expect((await search('area=bad area')).statusCode).toBe(400);
  });

  it("shows staff a number's card with its area's active incident, and null for an unknown number", async () => {
    const place = await insertTestArea(ctx.db);
    const { entry, stored } = randomMobile();
    await ctx.db
      .insert(subscribers)
      .values({ number: stored, name: 'Jamal', areaCode: place, plan: 'Home 10', status: 'suspended' });
    const card = (headers: Record<string, string>, number = entry) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/subscribers/${number}/card`, headers });
    expect((await card(staff)).json<SubscriberCardReply>()).toEqual({
      data: {
        number: stored,
        name: 'Jamal',
        area_code: place,
        area_name_en: `Area ${place}`,
        area_name_bn: `এলাকা ${place}`,
        plan: 'Home 10',
        status: 'suspended',
        active_incident: null,
      },
    });
    const [incident] = await ctx.db
      .insert(incidents)
      .values({ title: 'OLT down', areaCodes: [place] })
      .returning();
    expect((await card(moderator)).json<SubscriberCardReply>().data?.active_incident).toEqual({
      id: incident?.id,
      title: 'OLT down',
    });
    expect((await card(admin, randomMobile().entry)).json()).toEqual({ data: null });
    for (const headers of [customer, agent]) expect((await card(headers)).statusCode).toBe(403);
    expect((await card(writer.headers)).statusCode).toBe(403);
    expect((await card(staff, 'abc')).statusCode).toBe(400);
  });
});
