/** SMS drivers: `console` prints and keeps the last messages for the dev outbox; `http` calls a gateway. */
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';

/** A sign-in code, or a notice to a ticket's issuer (sent by the outbox worker). */
export type SmsPurpose = 'code' | 'notice';

export interface SmsMessage {
  to: string;
  text: string;
  purpose: SmsPurpose;
  sent_at: string;
}

export interface SmsOptions {
  purpose?: SmsPurpose;
  /**
   * The message's own reference, the same on every retry of it (`{id}` in the gateway templates):
   * a gateway that refuses a repeated client reference never delivers one message twice. A new
   * one for each call when not given.
   */
  reference?: string;
}

export interface SmsSender {
  send(to: string, text: string, options?: SmsOptions): Promise<void>;
  /** The last messages sent, codes and notices, newest first (console driver only; empty otherwise). */
  outbox(): SmsMessage[];
}

const OUTBOX_SIZE = 50;

export function createSmsSender(config: Config): SmsSender {
  return config.sms.driver === 'console' ? createConsoleSms() : createHttpSms(config.sms);
}

export function createConsoleSms(print: (line: string) => void = (line) => console.log(line)): SmsSender {
  const messages: SmsMessage[] = [];
  return {
    async send(to, text, { purpose = 'code' } = {}) {
      // Each message says what it is: a reader after a number's code skips the notices, which
      // name a ticket id of six digits.
      messages.unshift({ to, text, purpose, sent_at: new Date().toISOString() });
      messages.length = Math.min(messages.length, OUTBOX_SIZE);
      // Development only: printed so that a person can sign in (and read the notices) without a gateway.
      print(`[sms] to +${to}: ${text}`);
    },
    outbox: () => [...messages],
  };
}

type HttpSmsConfig = Extract<Config['sms'], { driver: 'http' }>;

/**
 * Calls a gateway the way Bangladeshi SMS gateways are called: `{to}`, `{text}` and `{id}` in the
 * URL template and in the optional body template are replaced (URL-encoded in the URL, JSON-escaped
 * in the body).
 */
export function createHttpSms(config: HttpSmsConfig): SmsSender {
  return {
    async send(to, text, { reference = randomUUID() } = {}) {
      const fields = { '{to}': to, '{text}': text, '{id}': reference };
      const url = fill(config.url, fields, encodeURIComponent);
      const body =
        config.body === undefined ? undefined : fill(config.body, fields, (value) => JSON.stringify(value).slice(1, -1));
      const headers: Record<string, string> = {};
      if (config.authHeader) {
        const [name, ...value] = config.authHeader.split(':');
        if (name && value.length > 0) headers[name.trim()] = value.join(':').trim();
      }
      if (body) headers['content-type'] = 'application/json';
      const response = await fetch(url, {
        method: config.method,
        headers,
        body: config.method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
    outbox: () => [],
  };
}

/** The template with each field's placeholder replaced by its value, encoded for where it goes. */
function fill(template: string, fields: Record<string, string>, encode: (value: string) => string): string {
  return Object.entries(fields).reduce((filled, [placeholder, value]) => filled.replaceAll(placeholder, encode(value)), template);
}
