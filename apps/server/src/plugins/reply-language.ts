/**
 * Replies in the language asked (DESIGN.md §16): `request.say(key, values)` renders a message of
 * the shared catalogs in the request's language (`Accept-Language`), for the `message` of a reply.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageKey, MessageValues } from '@switchboard/shared';
import { say } from '../lib/messages.ts';
import { requestLanguage } from '../lib/request-language.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The message `key` in the language the request asks for. */
    say: (key: MessageKey, values?: MessageValues) => string;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('say', function (this: FastifyRequest, key: MessageKey, values?: MessageValues) {
      return say(requestLanguage(this), key, values);
    });
  },
  { name: 'reply-language' },
);
