/** SMS drivers: `console` prints and keeps the last messages for the dev outbox; `http` calls a gateway. */
import type { Config } from '../../config.ts';

export interface SmsMessage {
  to: string;
  text: string;
  sent_at: string;
}

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
  /** The last messages sent, newest first (console driver only; empty otherwise). */
  outbox(): SmsMessage[];
}

const OUTBOX_SIZE = 50;

export function createSmsSender(config: Config): SmsSender {
  return config.sms.driver === 'console' ? createConsoleSms() : createHttpSms(config.sms);
}

export function createConsoleSms(print: (line: string) => void = (line) => console.log(line)): SmsSender {
  const messages: SmsMessage[] = [];
  return {
    async send(to, text) {
      messages.unshift({ to, text, sent_at: new Date().toISOString() });
      messages.length = Math.min(messages.length, OUTBOX_SIZE);
      // Development only: the code is printed so that a person can sign in without a gateway.
      print(`[sms] to +${to}: ${text}`);
    },
    outbox: () => [...messages],
  };
}

type HttpSmsConfig = Extract<Config['sms'], { driver: 'http' }>;

/**
 * Calls a gateway the way Bangladeshi SMS gateways are called: `{to}` and `{text}` in the URL
 * template and in the optional body template are replaced (URL-encoded in the URL, JSON-escaped in the body).
 */
export function createHttpSms(config: HttpSmsConfig): SmsSender {
  return {
    async send(to, text) {
      const url = config.url.replaceAll('{to}', encodeURIComponent(to)).replaceAll('{text}', encodeURIComponent(text));
      const body = config.body
        ?.replaceAll('{to}', JSON.stringify(to).slice(1, -1))
        .replaceAll('{text}', JSON.stringify(text).slice(1, -1));
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
