import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALARM_DELIVERY_MAX_BYTES,
  alarmDeliveryListQuerySchema,
  alarmDeliveryListReplySchema,
  alarmIntakeReplySchema,
  alarmListQuerySchema,
  alarmListReplySchema,
  alertmanagerPayloadSchema,
  canSeeAlarms,
  errorReplySchema,
  genericAlarmsBodySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { fromAlertmanager, fromGeneric } from './alarm-intake.ts';
import { listAlarmDeliveries, listAlarms, takeDelivery, type AlarmsContext } from './alarms.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  413: errorReplySchema,
  429: errorReplySchema,
};

const tags = ['alarms'];

/** The network alarms under /api/v1 (DESIGN.md §22): intake for monitoring clients, lists for staff. */
const alarmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: AlarmsContext = { db, firingPerClientMax: config.alarms.firingPerClientMax };
  // onRequest: a signed-in person is refused before the body is read; clients pass with alarms:write.
  const clientsOnly = { onRequest: [app.requires((actor) => actor.client !== null, 'alarms.clientsOnly')] };
  const staffOnly = { onRequest: [app.requires(canSeeAlarms, 'alarms.staffOnly')] };
  const intake = {
    ...clientsOnly,
    bodyLimit: ALARM_DELIVERY_MAX_BYTES,
    config: { scope: 'alarms:write' as const, rateLimit: writeLimit('alarm') },
  };

  app.post(
    '/alarms/alertmanager',
    {
      ...intake,
      schema: {
        tags,
        summary: "Takes Prometheus Alertmanager's webhook (version 4) as it sends it (API clients with alarms:write)",
        description:
          'Point a webhook receiver at this URL with the token in `http_config.authorization` and `max_alerts: 500`. ' +
          'Alarms are kept by fingerprint; a repeat moves `last_seen` only; a new firing alarm is routed by the alarm rules ' +
          'into the active incident of its subgroup and areas, or opens one. A client holding too many firing alarms is refused (429) and nothing changes.',
        body: alertmanagerPayloadSchema,
        response: { 200: alarmIntakeReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await takeDelivery(ctx, actorOf(request), 'alertmanager', fromAlertmanager(request.body)) }),
  );

  app.post(
    '/alarms/generic',
    {
      ...intake,
      schema: {
        tags,
        summary: 'Takes alarms of any monitoring system: Zabbix, LibreNMS, Icinga or a script (API clients with alarms:write)',
        description:
          'Alarms are kept by source and key; the last entry of a key in one delivery wins. Otherwise as the Alertmanager intake.',
        body: genericAlarmsBodySchema,
        response: { 200: alarmIntakeReplySchema, ...refusals },
      },
    },
    async (request) => {
      const incoming = fromGeneric(request.body);
      const sources = new Set(incoming.map((alarm) => alarm.source));
      const [only] = sources;
      const source = sources.size === 1 && only ? only : 'generic';
      return { data: await takeDelivery(ctx, actorOf(request), source, incoming) };
    },
  );

  app.get(
    '/alarms',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Firing, recent or unrouted alarms with their incident and rule, newest last seen first, 20 a page (staff)',
        querystring: alarmListQuerySchema,
        response: { 200: alarmListReplySchema, ...refusals },
      },
    },
    async (request) => listAlarms(ctx, actorOf(request), request.query),
  );

  app.get(
    '/alarms/deliveries',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The last 200 alarm deliveries, newest first, 20 a page (staff)',
        querystring: alarmDeliveryListQuerySchema,
        response: { 200: alarmDeliveryListReplySchema, ...refusals },
      },
    },
    async (request) => listAlarmDeliveries(ctx, actorOf(request), request.query.page),
  );
};

export default alarmsRoutes;
