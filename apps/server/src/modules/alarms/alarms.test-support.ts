/** Calls, rules and samples shared by the alarm tests. */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AlarmIntakeReply, AlarmMatcher } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { alarmRules, alarms, incidents, tickets } from '../../db/schema.ts';
import { forgetRoutingRules } from '../alarm-rules/routing-rules.ts';

export type Headers = Record<string, string>;

export function alarmCalls(app: FastifyInstance) {
  const post = (url: string, headers: Headers, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/v1/alarms/${url}`, headers, payload: payload as object });
  return {
    alertmanager: (headers: Headers, payload: unknown) => post('alertmanager', headers, payload),
    generic: (headers: Headers, payload: unknown) => post('generic', headers, payload),
    list: (headers: Headers, query = '') => app.inject({ method: 'GET', url: `/api/v1/alarms${query}`, headers }),
    deliveries: (headers: Headers, query = '') =>
      app.inject({ method: 'GET', url: `/api/v1/alarms/deliveries${query}`, headers }),
  };
}

export function intakeOf(reply: { statusCode: number; body: string; json: <T>() => T }): AlarmIntakeReply['data'] {
  if (reply.statusCode !== 200) throw new Error(`intake answered ${reply.statusCode}: ${reply.body}`);
  return reply.json<AlarmIntakeReply>().data;
}

/** A rule inserted straight into the table (the rules' own API is another module's), at the end of the order. */
export async function insertRule(
  db: Db,
  fields: Partial<typeof alarmRules.$inferInsert> & { groupId: string; matchers: AlarmMatcher[] },
) {
  const [row] = await db
    .insert(alarmRules)
    .values({
      name: `Rule ${randomUUID().slice(0, 8)}`,
      position: sql`(select coalesce(max(position), 0) + 1 from alarm_rules)`,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no rule');
  forgetRoutingRules(db);
  return row;
}

/** A label value no other test uses: a rule matching it routes only this test's alarms. */
export const uniqueSite = () => `site-${randomUUID().slice(0, 8)}`;

/** One alarm of the generic form. */
export function genericAlarm(key: string, fields: Record<string, unknown> = {}) {
  return { source: 'zabbix', key, status: 'firing', summary: `Link down at ${key}`, labels: {}, ...fields };
}

export async function storedAlarm(db: Db, source: string, key: string) {
  const [row] = await db
    .select()
    .from(alarms)
    .where(sql`${alarms.source} = ${source} and ${alarms.key} = ${key}`);
  return row;
}

export async function storedIncident(db: Db, id: number) {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id));
  if (!row) throw new Error(`no incident ${id}`);
  return row;
}

export async function linkTickets(db: Db, incidentId: number, ticketIds: number[]) {
  await db.update(tickets).set({ incidentId }).where(inArray(tickets.ticketId, ticketIds));
}

/**
 * Alertmanager's webhook exactly as version 0.27 sends it (one group, two alerts), with the labels
 * given to the first alert.
 */
export function alertmanagerSample(labels: Record<string, string>, status: 'firing' | 'resolved' = 'firing') {
  const endsAt = status === 'firing' ? '0001-01-01T00:00:00Z' : '2026-11-27T01:20:00.000Z';
  return {
    receiver: 'switchboard',
    status,
    alerts: [
      {
        status,
        labels: { alertname: 'OltDown', instance: 'olt-7:9100', job: 'olt', severity: 'critical', ...labels },
        annotations: { summary: 'OLT 7 is down', description: 'OLT 7 has not answered for 2 minutes.' },
        startsAt: '2026-11-27T01:00:00.000Z',
        endsAt,
        generatorURL: 'http://prometheus:9090/graph?g0.expr=up%7Bjob%3D%22olt%22%7D+%3D%3D+0&g0.tab=1',
        fingerprint: `${labels.site ?? 'x'}-a1b2c3d4e5f60718`,
      },
      {
        status,
        labels: { alertname: 'PonPortDown', instance: 'olt-7:9100', job: 'olt', ...labels, severity: 'warning' },
        annotations: {},
        startsAt: '2026-11-27T01:00:05.000Z',
        endsAt,
        generatorURL: 'http://prometheus:9090/graph?g0.expr=pon_up+%3D%3D+0&g0.tab=1',
        fingerprint: `${labels.site ?? 'x'}-0f1e2d3c4b5a6978`,
      },
    ],
    groupLabels: { alertname: 'OltDown' },
    commonLabels: { instance: 'olt-7:9100', job: 'olt' },
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: '{}:{alertname="OltDown"}',
    truncatedAlerts: 0,
  };
}
