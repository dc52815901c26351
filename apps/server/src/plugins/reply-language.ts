/**
 * Replies in the language asked (DESIGN.md §16): when `Accept-Language` asks for Bangla, the
 * `message` of a JSON reply (an error's or a success's) and the field messages of its `details`
 * are translated through the shared table. Everything else of a reply is data and stays as it is.
 */
import fp from 'fastify-plugin';
import { createMessageTranslator } from '@switchboard/shared';
import { BANGLA_MESSAGES } from '@switchboard/shared/messages.bn';
import { requestLanguage } from '../lib/request-language.ts';

const toBangla = createMessageTranslator(BANGLA_MESSAGES);

/** A validation error reads `field: message`; its field name stays, its message is translated. */
function translatedMessage(message: string, details: Record<string, unknown> | undefined): string {
  const translated = toBangla(message);
  if (translated !== message || !details) return translated;
  const field = Object.keys(details).find((name) => message.startsWith(`${name}: `));
  return field ? `${field}: ${toBangla(message.slice(field.length + 2))}` : message;
}

/** The reply with its message and field messages in Bangla; any other payload unchanged. */
export function inBangla(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const body = payload as { message?: unknown; details?: unknown };
  const details =
    typeof body.details === 'object' && body.details !== null && !Array.isArray(body.details)
      ? (body.details as Record<string, unknown>)
      : undefined;
  if (typeof body.message !== 'string' && !details) return payload;
  return {
    ...body,
    ...(typeof body.message === 'string' ? { message: translatedMessage(body.message, details) } : {}),
    ...(details
      ? {
          details: Object.fromEntries(
            Object.entries(details).map(([key, value]) => [key, typeof value === 'string' ? toBangla(value) : value]),
          ),
        }
      : {}),
  };
}

export default fp(
  async (app) => {
    app.addHook('preSerialization', async (request, _reply, payload) =>
      requestLanguage(request) === 'bn' ? inBangla(payload) : payload,
    );
  },
  { name: 'reply-language' },
);
