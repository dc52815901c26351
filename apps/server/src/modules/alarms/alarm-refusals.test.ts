import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ALARM_LABEL_VALUE_MAX_LENGTH, ALARMS_PER_DELIVERY_MAX } from '@switchboard/shared';
import { createClient, type TestClient } from '../../../test/api-client-factories.ts';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { alarmDeliveries, alarms } from '../../db/schema.ts';
import { alarmCalls, alertmanagerSample, genericAlarm, intakeOf, storedAlarm, uniqueSite } from './alarms.test-support.ts';

describeWithApp(
  'alarm refusals',
  (ctx) => {
    const calls = () => alarmCalls(ctx.app);
    let client: TestClient;
    let admin: Record<string, string>;

    beforeAll(async () => {
      admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
      client = await createClient(ctx.app, ctx.db, admin, { scopes: ['alarms:write'], department: 'cc' });
    });

    const stored = async () => {
      const [kept] = await ctx.db.select({ n: count() }).from(alarms);
      const [logged] = await ctx.db.select({ n: count() }).from(alarmDeliveries);
      return { alarms: kept?.n, deliveries: logged?.n };
    };

    it('refuses a malformed or oversized payload with 400, changing nothing', async () => {
      const before = await stored();
      const oneAlarm = genericAlarm(uniqueSite());
      const sample = alertmanagerSample({});
      const bad = [
        calls().alertmanager(client.headers, { ...sample, version: '3' }),
        calls().alertmanager(client.headers, {
          ...sample,
          alerts: sample.alerts.map((alert) => ({ ...alert, fingerprint: ' \t ' })),
        }),
        calls().generic(client.headers, { alarms: [{ ...oneAlarm, status: 'burning' }] }),
        calls().generic(client.headers, { alarms: [] }),
        calls().generic(client.headers, {
          alarms: Array.from({ length: ALARMS_PER_DELIVERY_MAX + 1 }, (_, n) => genericAlarm(`k${n}`)),
        }),
        calls().generic(client.headers, {
          alarms: [{ ...oneAlarm, labels: { site: 'x'.repeat(ALARM_LABEL_VALUE_MAX_LENGTH + 1) } }],
        }),
      ];
      for (const reply of await Promise.all(bad)) expect(reply.statusCode, reply.body).toBe(400);
      expect(await stored()).toEqual(before);
    });

    it('stores a lone surrogate (valid JSON, not Unicode) as U+FFFD rather than failing the delivery', async () => {
      const key = uniqueSite();
      const reply = await calls().generic(client.headers, {
        alarms: [genericAlarm(key, { source: 'probe\ud800', summary: 'Loss \udc00', labels: { 'site\ud800': 'a\ud800' } })],
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(await storedAlarm(ctx.db, 'probe\ufffd', key)).toMatchObject({
        summary: 'Loss \ufffd',
        labels: { 'site\ufffd': 'a\ufffd' },
      });
    });

    it('refuses an unknown token (401), a token without alarms:write (403) and a signed-in person (403)', async () => {
      const payload = { alarms: [genericAlarm(uniqueSite())] };
      const unknown = await calls().generic({ authorization: `Bearer sb_${client.id}_${'A'.repeat(43)}` }, payload);
      expect(unknown.statusCode).toBe(401);
      const reader = await createClient(ctx.app, ctx.db, admin, { scopes: ['tickets:read'] });
      expect((await calls().generic(reader.headers, payload)).statusCode).toBe(403);
      const person = await calls().generic(admin, payload);
      expect(person.statusCode).toBe(403);
      expect(person.json()).toMatchObject({ message: 'Alarms are posted by the monitoring system with an API token' });
    });

    it('refuses a flood of distinct keys past the cap with 429, changing nothing', async () => {
      const flooder = await createClient(ctx.app, ctx.db, admin, { scopes: ['alarms:write'] });
      const keys = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => genericAlarm(`${prefix}-${i}`));
      const site = uniqueSite();
      expect(intakeOf(await calls().generic(flooder.headers, { alarms: keys(4, site) })).firing).toBe(4);
      const before = await stored();
      const refused = await calls().generic(flooder.headers, { alarms: keys(2, `${site}-more`) });
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(await stored()).toEqual(before);
      // Repeats and resolves of what it holds still pass; resolved ones make room.
      expect(intakeOf(await calls().generic(flooder.headers, { alarms: keys(4, site) })).repeated).toBe(4);
      const resolve = keys(1, site).map((alarm) => ({ ...alarm, status: 'resolved' }));
      expect(intakeOf(await calls().generic(flooder.headers, { alarms: resolve })).resolved).toBe(1);
      expect((await calls().generic(flooder.headers, { alarms: keys(1, `${site}-more`) })).statusCode).toBe(200);
    });

    it('shows alarms and deliveries to staff only', async () => {
      for (const userType of ['agent', 'customer'] as const) {
        const { headers } = await signedInAs(ctx.app, ctx.db, { userType });
        for (const reply of [await calls().list(headers), await calls().deliveries(headers)]) {
          expect(reply.statusCode).toBe(403);
          expect(reply.json()).toMatchObject({ message: 'Only staff can see alarms' });
        }
      }
      const staff = (await signedInAs(ctx.app, ctx.db, { userType: 'rs' })).headers;
      const recent = await calls().list(staff, '?view=recent&page=1');
      expect(recent.statusCode).toBe(200);
      expect(recent.json()).toMatchObject({ previous_page: null });
      expect((await calls().list(staff, '?view=sideways')).statusCode).toBe(400);
      expect((await calls().deliveries(staff, '?page=1')).statusCode).toBe(200);
      // Not for clients: the lists name no scope.
      expect((await calls().list(client.headers)).statusCode).toBe(403);
    });
  },
  { env: { ALARM_FIRING_PER_CLIENT_MAX: '5' } },
);
