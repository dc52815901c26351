/**
 * Maps every error to `{ message, code, details? }` once, its words in the request's language.
 * 5xx replies never carry internals.
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type Language } from '@switchboard/shared';
import { say, sayRef } from '../lib/messages.ts';
import { requestLanguage } from '../lib/request-language.ts';

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const language = requestLanguage(request);
      if (error instanceof AppError) {
        // A 5xx of our own (the file store or the SMS gateway is down) is news for whoever runs the service.
        if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
        const details = error.details && renderedDetails(language, error.details);
        return reply.code(error.status).send(bodyOf(say(language, error.key, error.values), error.code, details));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
          details[field] ??= issue.message ? sayRef(language, issue.message) : say(language, 'common.notValid');
        }
        const first = Object.entries(details)[0];
        const message = first ? `${first[0]}: ${first[1]}` : say(language, 'common.requestNotValid');
        return reply.code(400).send(bodyOf(message, 'validation', details));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).send(bodyOf(say(language, 'common.tooManyRequests'), 'rate_limited'));
      if (status === 413) return reply.code(413).send(bodyOf(say(language, 'common.tooLarge'), 'payload_too_large'));
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type) carry safe messages.
        return reply.code(status).send(bodyOf(error.message, 'bad_request'));
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply.code(503).send(bodyOf(say(language, 'common.brieflyUnavailable'), 'unavailable'));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(bodyOf(say(language, 'common.somethingWentWrong'), 'internal'));
    });
  },
  { name: 'error-handler' },
);

function renderedDetails(language: Language, details: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(details).map(([field, ref]) => [field, sayRef(language, ref)]));
}

function bodyOf(message: string, code: string, details?: Record<string, string>): ErrorBody {
  return details ? { message, code, details } : { message, code };
}

// 25006: a write refused by a read-only host, a primary demoted during a failover (db/writable-host.ts).
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '25006',
]);
/**
 * What node-postgres says when a connection died under a query, or could not be made: also the
 * rollback that follows a lost connection inside a transaction ("not queryable"), which carries no code.
 */
const LOST_CONNECTION = /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable/i;

function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
    if (LOST_CONNECTION.test(cause.message)) return true;
  }
  return false;
}
