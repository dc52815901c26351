import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  errorReplySchema,
  SMS_CALLBACK_FIELDS_MAX,
  SMS_CALLBACK_MAX_BYTES,
  smsCallbackFieldsSchema,
  smsDeliveryReplySchema,
  smsInboundReplySchema,
  type SmsCallbackFields,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { CLIENT_CALLBACKS_PER_MINUTE, writeLimit } from '../../plugins/write-limits.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import type { AlarmIncidentLinker } from '../tickets/tickets.service.ts';
import { takeDeliveryReport, type SmsDeliveryContext } from './sms-delivery.service.ts';
import { takeInboundSms, type SmsInboundContext } from './sms-inbound.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  413: errorReplySchema,
  415: errorReplySchema,
  429: errorReplySchema,
};

const tags = ['channels'];

/**
 * A form body as flat fields; a name given twice keeps every value, so that the schema refuses it
 * as it refuses a repeated query parameter.
 */
function formFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  const params = new URLSearchParams(text);
  let count = 0;
  for (const [name, value] of params) {
    if (++count > SMS_CALLBACK_FIELDS_MAX * 2) throw new AppError('validation', 'channels.callbackShape');
    const before = fields[name];
    fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return fields;
}

/**
 * A callback's query: any fields, checked as a body is, with the gateway's names of ours (as this
 * desk is set up) documented, so that whoever points a gateway here reads them in the API's document.
 */
function callbackQuerySchema(names: Record<string, string>) {
  const documented = Object.fromEntries(Object.values(names).map((name) => [name, z.string().optional()]));
  // The pipe checks every field again: the cast only hands the query on.
  return z
    .object(documented)
    .catchall(z.unknown())
    .transform((query) => query as SmsCallbackFields)
    .pipe(smsCallbackFieldsSchema);
}

/** Gateways post callbacks as forms too: parsed for these routes only. */
function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, formFields(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

const INBOUND_DESCRIPTION =
  'Field names are mapped by SMS_INBOUND_FIELDS (default `from=msisdn,text=text,id=message_id`). Taken once per message id: ' +
  'a repeat answers the first outcome with `repeat: true` and changes nothing. STATUS / অবস্থা answers with the number’s open ' +
  'tickets and any known outage; STOP / বন্ধ and START / চালু opt the number out of outage broadcasts and back in. Any other ' +
  'text becomes a comment on the number’s most recently active ticket (a ticket closed within 7 days reopens), or a new ' +
  'ticket. Over SMS_INBOUND_PER_NUMBER_PER_HOUR a message is recorded as `limited` and nothing else happens.';

const DELIVERY_DESCRIPTION =
  'Field names are mapped by SMS_DELIVERY_FIELDS (default `id=reference,status=status`); the reference is the `outbox-<id>` ' +
  'the desk sent with the message. delivered, delivrd, success and ok count as delivered, expired as expired, anything else ' +
  'as failed. A later delivered replaces a failure; a repeated report changes nothing. An unknown reference answers `unknown`.';

/** The SMS gateway's callbacks under /api/v1 (DESIGN.md §24): API clients with channels:inbound only. */
const smsCallbacksRoutes: FastifyPluginAsyncZod<{ alarmIncidents: AlarmIncidentLinker }> = async (app, { alarmIncidents }) => {
  const { config, db, tell } = app.deps;
  const sms = config.channels.sms;
  const inboundCtx: SmsInboundContext = {
    db,
    storage: storageDriverFor(config),
    timezone: config.timezone,
    log: app.log,
    tell,
    alarmIncidents,
    sms,
  };
  const deliveryCtx: SmsDeliveryContext = {
    db,
    sms,
    broadcastProgress: (broadcastId, incidentId) => app.broadcastSender.noteProgress(broadcastId, incidentId),
  };
  acceptForms(app);
  // onRequest: a signed-in person is refused before the body is read; clients pass with channels:inbound.
  const callback = (summary: string, description: string) => ({
    onRequest: [app.requires((actor) => actor.client !== null, 'channels.clientsOnly')],
    bodyLimit: SMS_CALLBACK_MAX_BYTES,
    config: {
      scope: 'channels:inbound' as const,
      rateLimit: writeLimit('smsCallback'),
      clientBudget: CLIENT_CALLBACKS_PER_MINUTE,
    },
    schema: { tags, summary, description },
  });
  const inbound = callback('Takes an inbound SMS from the gateway (API clients with channels:inbound)', INBOUND_DESCRIPTION);
  const delivery = callback(
    'Takes a delivery report from the SMS gateway (API clients with channels:inbound)',
    DELIVERY_DESCRIPTION,
  );
  const inboundReply = { 200: smsInboundReplySchema, ...refusals };
  const deliveryReply = { 200: smsDeliveryReplySchema, ...refusals };

  app.post(
    '/channels/sms/inbound',
    { ...inbound, schema: { ...inbound.schema, body: smsCallbackFieldsSchema, response: inboundReply } },
    async (request) => ({ data: await takeInboundSms(inboundCtx, actorOf(request), request.body) }),
  );
  app.get(
    '/channels/sms/inbound',
    { ...inbound, schema: { ...inbound.schema, querystring: callbackQuerySchema(sms.inboundFields), response: inboundReply } },
    async (request) => ({ data: await takeInboundSms(inboundCtx, actorOf(request), request.query) }),
  );
  app.post(
    '/channels/sms/delivery',
    { ...delivery, schema: { ...delivery.schema, body: smsCallbackFieldsSchema, response: deliveryReply } },
    async (request) => ({ data: await takeDeliveryReport(deliveryCtx, request.body) }),
  );
  app.get(
    '/channels/sms/delivery',
    {
      ...delivery,
      schema: { ...delivery.schema, querystring: callbackQuerySchema(sms.deliveryFields), response: deliveryReply },
    },
    async (request) => ({ data: await takeDeliveryReport(deliveryCtx, request.query) }),
  );
};

export default smsCallbacksRoutes;
