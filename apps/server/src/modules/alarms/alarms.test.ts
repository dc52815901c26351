import { beforeAll, expect, it } from 'vitest';
import type { AlarmListReply } from '@switchboard/shared';
import { createClient, type TestClient } from '../../../test/api-client-factories.ts';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema.ts';
import { auditOf } from '../incidents/incidents.test-support.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { insertEndpoint } from '../webhooks/webhooks.repository.ts';
import { renderWebhookBody } from '../webhooks/webhook-payloads.ts';
import {
  alarmCalls,
  alertmanagerSample,
  genericAlarm,
  insertRule,
  intakeOf,
  storedAlarm,
  storedIncident,
  uniqueSite,
} from './alarms.test-support.ts';

describeWithApp('alarm intake and routing', (ctx) => {
  const calls = () => alarmCalls(ctx.app);
  let client: TestClient;
  let staff: Record<string, string>;
  let place: Awaited<ReturnType<typeof buildGroup>>;

  beforeAll(async () => {
    const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    client = await createClient(ctx.app, ctx.db, admin.headers, { scopes: ['alarms:write'], department: 'cc' });
    staff = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
    place = await buildGroup(ctx.db, { subgroups: ['No internet'] });
  });

  const subGroupId = () => place.subgroups[0]?.id ?? '';

  it("takes Alertmanager's webhook exactly as it is sent, keeping each alert by fingerprint", async () => {
    const site = uniqueSite();
    const data = intakeOf(await calls().alertmanager(client.headers, alertmanagerSample({ site })));
    expect(data).toEqual({
      received: 2,
      firing: 2,
      resolved: 0,
      repeated: 0,
      unrouted: 2,
      opened_incident_ids: [],
      joined_incident_ids: [],
    });
    const first = await storedAlarm(ctx.db, 'alertmanager', `${site}-a1b2c3d4e5f60718`);
    expect(first).toMatchObject({
      status: 'firing',
      severity: 'critical',
      summary: 'OLT 7 is down',
      ruleId: null,
      incidentId: null,
    });
    expect(first?.labels).toMatchObject({ alertname: 'OltDown', site });
    // Without a summary or description the alert's name stands for it.
    expect(await storedAlarm(ctx.db, 'alertmanager', `${site}-0f1e2d3c4b5a6978`)).toMatchObject({
      summary: 'PonPortDown',
      severity: 'warning',
    });
  });

  it('takes the generic form; the last entry of a key wins; a repeat moves only last_seen', async () => {
    const key = uniqueSite();
    const first = intakeOf(
      await calls().generic(client.headers, {
        alarms: [genericAlarm(key, { summary: 'first' }), genericAlarm(key, { summary: 'Uplink down', severity: 'major' })],
      }),
    );
    expect(first).toMatchObject({ received: 1, firing: 1, repeated: 0 });
    const stored = await storedAlarm(ctx.db, 'zabbix', key);
    expect(stored).toMatchObject({ summary: 'Uplink down', severity: 'major', status: 'firing' });

    const again = intakeOf(await calls().generic(client.headers, { alarms: [genericAlarm(key, { summary: 'changed text' })] }));
    expect(again).toMatchObject({ received: 1, firing: 0, repeated: 1 });
    const repeated = await storedAlarm(ctx.db, 'zabbix', key);
    expect(repeated?.summary).toBe('Uplink down');
    expect(repeated?.firstSeen).toEqual(stored?.firstSeen);
    expect(repeated?.lastSeen.getTime()).toBeGreaterThanOrEqual(stored?.lastSeen.getTime() ?? 0);

    const resolved = intakeOf(await calls().generic(client.headers, { alarms: [genericAlarm(key, { status: 'resolved' })] }));
    expect(resolved).toMatchObject({ resolved: 1, firing: 0 });
    const after = await storedAlarm(ctx.db, 'zabbix', key);
    expect(after?.status).toBe('resolved');
    expect(after?.resolvedAt).toBeInstanceOf(Date);
  });

  it('opens one incident for a routed alarm and joins a second alarm of the rule to it', async () => {
    const site = uniqueSite();
    const rule = await insertRule(ctx.db, {
      groupId: place.group.id,
      subGroupId: subGroupId(),
      areaCodes: ['DHK-7'],
      matchers: [{ name: 'site', op: '=', value: site }],
      publicNoteTemplate: 'We know about a fault at {labels.site} ({severity}): {summary}. <b>{labels.missing}</b>',
    });
    const opened = intakeOf(
      await calls().generic(client.headers, {
        alarms: [genericAlarm(`${site}-1`, { labels: { site }, severity: 'critical', summary: 'OLT 7 down' })],
      }),
    );
    expect(opened.opened_incident_ids).toHaveLength(1);
    const [id = 0] = opened.opened_incident_ids;
    const incident = await storedIncident(ctx.db, id);
    expect(incident).toMatchObject({
      title: 'OLT 7 down',
      openedBy: 'alarm',
      createdBy: null,
      groupId: place.group.id,
      subGroupId: subGroupId(),
      areaCodes: ['DHK-7'],
      alarmRuleId: rule.id,
      status: 'active',
      // Filled in as text: markup in the template stays as the admin wrote it, a missing label is empty.
      publicNote: `We know about a fault at ${site} (critical): OLT 7 down. <b></b>`,
    });
    expect((await auditOf(ctx.db, id)).map((row) => [row.action, row.actor, row.details])).toEqual([
      ['incident.create', client.accountId, { opened_by: 'alarm', rule_id: rule.id, alarm_keys: [`${site}-1`] }],
    ]);

    const joined = intakeOf(await calls().generic(client.headers, { alarms: [genericAlarm(`${site}-2`, { labels: { site } })] }));
    expect(joined).toMatchObject({ opened_incident_ids: [], joined_incident_ids: [id], unrouted: 0 });
    expect(await storedAlarm(ctx.db, 'zabbix', `${site}-2`)).toMatchObject({ incidentId: id, ruleId: rule.id });

    // The public page and the create form read the rule's note at once.
    const notes = await ctx.app.inject({ method: 'GET', url: `/api/v1/incidents/public-notes?sub_group_id=${subGroupId()}` });
    expect(notes.json<{ data: { public_note: string }[] }>().data.map((note) => note.public_note)).toContain(incident.publicNote);

    // Staff read the alarm with its incident and rule.
    const list = (await calls().list(staff, '?view=firing')).json<AlarmListReply>();
    expect(list.data.find((alarm) => alarm.key === `${site}-2`)).toMatchObject({
      incident_id: id,
      incident_title: 'OLT 7 down',
      rule_id: rule.id,
      rule_name: rule.name,
    });
  });

  it('opens no second incident when two deliveries of a new fault arrive at once', async () => {
    const site = uniqueSite();
    const { group } = await buildGroup(ctx.db, { subgroups: [] });
    await insertRule(ctx.db, { groupId: group.id, matchers: [{ name: 'site', op: '=', value: site }] });
    const replies = await Promise.all(
      [1, 2, 3].map((n) => calls().generic(client.headers, { alarms: [genericAlarm(`${site}-${n}`, { labels: { site } })] })),
    );
    const data = replies.map(intakeOf);
    expect(data.flatMap((one) => one.opened_incident_ids)).toHaveLength(1);
    expect(new Set(data.flatMap((one) => [...one.opened_incident_ids, ...one.joined_incident_ids])).size).toBe(1);
  });

  it('keeps an alarm no rule matches as unrouted, shown to staff, its labels as text', async () => {
    const key = uniqueSite();
    const markup = '<img src=x onerror=alert(1)>';
    const data = intakeOf(await calls().generic(client.headers, { alarms: [genericAlarm(key, { labels: { note: markup } })] }));
    expect(data).toMatchObject({ unrouted: 1, opened_incident_ids: [] });
    const reply = await calls().list(staff, '?view=unrouted');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('application/json');
    const alarm = reply.json<AlarmListReply>().data.find((row) => row.key === key);
    expect(alarm).toMatchObject({ rule_id: null, incident_id: null, labels: { note: markup } });
    const deliveries = await calls().deliveries(staff);
    expect(deliveries.json<{ data: { source: string; client_name: string | null }[] }>().data[0]).toMatchObject({
      source: 'zabbix',
    });
  });

  it('delivers alarm.changed to webhooks, once a changed alarm and never for a repeat, rendered as staff read it', async () => {
    const endpointId = await insertEndpoint(ctx.db, {
      url: 'https://1.1.1.1/alarms',
      description: 'Alarm hook',
      department: 'cc',
      events: ['alarm.changed'],
      secret: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
    });
    const key = uniqueSite();
    await calls().generic(client.headers, { alarms: [genericAlarm(key, { labels: { note: '<b>x</b>' } })] });
    await calls().generic(client.headers, { alarms: [genericAlarm(key)] });
    const alarm = await storedAlarm(ctx.db, 'zabbix', key);
    const rows = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(rows.map((row) => [row.event, row.orderingKey, row.subject])).toEqual([
      ['alarm.changed', `alarm:${alarm?.id}`, { alarm_id: alarm?.id }],
    ]);
    const [row] = rows;
    if (!row) throw new Error('no delivery');
    const body = await renderWebhookBody(
      {
        tickets: { db: ctx.db, storage: storageDriverFor(ctx.config), timezone: ctx.config.timezone, log: ctx.app.log },
        incidents: { db: ctx.db, incidents: ctx.config.incidents, tell: ctx.app.deps.tell },
      },
      row,
      'cc',
    );
    expect(JSON.parse(body)).toMatchObject({ type: 'alarm.changed', data: { id: alarm?.id, key, labels: { note: '<b>x</b>' } } });
  });
});
