/**
 * The Zabbix media type script and the LibreNMS API transport of docs/examples (shown in
 * docs/integrations.md), run against the desk: a problem fires an alarm, its recovery resolves it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { AlarmListReply } from '@switchboard/shared';
import { createClient, type TestClient } from '../api-client-factories.ts';
import { signedInAs } from '../factories.ts';
import { describeWithApp } from '../harness.ts';
import { runZabbixScript } from './zabbix-runner.ts';

const example = (name: string) => readFileSync(new URL(`../../../../docs/examples/${name}`, import.meta.url), 'utf8');
const ZABBIX_SCRIPT = example('zabbix-switchboard.js');
const LIBRENMS_BODY = example('librenms-switchboard.json');

/** What LibreNMS's Blade templates put in place of each expression of the body, for one alert. */
function librenmsBody(state: 0 | 1): string {
  const values: Record<string, string> = {
    '$alert->uid': '4711',
    "$alert->state == 0 ? 'resolved' : 'firing'": state === 0 ? 'resolved' : 'firing',
    '$alert->severity': 'critical',
    '$alert->title': 'Device olt-gulshan-2 down',
    '$alert->hostname': 'olt-gulshan-2',
    '$alert->name': 'Devices up/down',
    '$alert->location': 'Gulshan',
  };
  return LIBRENMS_BODY.replace(/\{\{ (.+?) \}\}/g, (_, expression: string) => {
    const replaced = values[expression];
    if (replaced === undefined) throw new Error(`no value for ${expression}`);
    return replaced;
  });
}

describeWithApp('monitoring scripts of the docs', (ctx) => {
  let client: TestClient;
  let staff: Record<string, string>;
  let desk: string;

  beforeAll(async () => {
    const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    staff = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
    client = await createClient(ctx.app, ctx.db, admin.headers, { name: 'Monitoring', scopes: ['alarms:write'] });
    desk = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });

  const alarmsOf = async (view: 'firing' | 'recent') =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v1/alarms?view=${view}`, headers: staff })).json<AlarmListReply>().data;

  it('are the ones docs/integrations.md shows', () => {
    const docs = readFileSync(new URL('../../../../docs/integrations.md', import.meta.url), 'utf8');
    expect(docs).toContain(ZABBIX_SCRIPT.trim());
    expect(docs).toContain(LIBRENMS_BODY.trim());
  });

  it('the Zabbix media type posts a problem and its recovery', async () => {
    const parameters = {
      url: `${desk}/api/v1/alarms/generic`,
      token: client.token,
      event_id: '90211',
      event_value: '1',
      severity: 'High',
      summary: 'Link down on core-sw-1',
      host: 'core-sw-1',
      trigger_id: '1771',
      site: 'Motijheel',
    };
    expect(await runZabbixScript(ZABBIX_SCRIPT, parameters)).toEqual({ result: 'OK', error: undefined });
    const fired = (await alarmsOf('firing')).find((alarm) => alarm.key === '90211');
    expect(fired).toMatchObject({ source: 'zabbix', summary: 'Link down on core-sw-1', labels: { host: 'core-sw-1' } });
    expect(await runZabbixScript(ZABBIX_SCRIPT, { ...parameters, event_value: '0' })).toEqual({ result: 'OK', error: undefined });
    expect((await alarmsOf('recent')).find((alarm) => alarm.key === '90211')?.status).toBe('resolved');
  });

  it('the Zabbix media type fails loudly on a refused token', async () => {
    const outcome = await runZabbixScript(ZABBIX_SCRIPT, {
      url: `${desk}/api/v1/alarms/generic`,
      token: 'sb_nonsense',
      event_id: '1',
      event_value: '1',
      severity: 'High',
      summary: 'x',
      host: 'h',
      trigger_id: '1',
      site: '',
    });
    expect(outcome.error).toMatch(/^Switchboard answered 401/);
  });

  it('the LibreNMS API transport posts an alert and its recovery', async () => {
    const post = (body: string) =>
      fetch(`${desk}/api/v1/alarms/generic`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
        body,
      });
    expect((await post(librenmsBody(1))).status).toBe(200);
    expect((await alarmsOf('firing')).find((alarm) => alarm.key === '4711')).toMatchObject({
      source: 'librenms',
      labels: { host: 'olt-gulshan-2', site: 'Gulshan' },
    });
    expect((await post(librenmsBody(0))).status).toBe(200);
    expect((await alarmsOf('recent')).find((alarm) => alarm.key === '4711')?.status).toBe('resolved');
  });
});
