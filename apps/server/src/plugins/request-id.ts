/**
 * Request ids (DESIGN.md §29): every log line of a request carries its id (`request_id`), and the
 * reply carries it as `x-request-id`. A client's or balancer's own `x-request-id` is kept when it
 * is well-formed, so one id follows a request through the balancer and the app; anything else (too
 * long, odd characters, a log line's worth of text) is replaced by a fresh one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** 8–64 characters a log line and a header carry as they are. */
export const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The client's id when well-formed (one header of it), otherwise a fresh one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's options for it: our own check instead of taking the header as it comes, and the log lines' label. */
export const REQUEST_ID_OPTIONS = {
  genReqId: requestIdOf,
  requestIdHeader: false,
  logController: new LogController({ requestIdLogLabel: 'request_id' }),
} as const;

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
