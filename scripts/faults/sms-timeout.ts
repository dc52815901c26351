/**
 * Fault (d): the SMS gateway takes the request and never answers. The person gets a clear error
 * within the gateway timeout, no code is left that was never delivered, the code is in no log,
 * and once the gateway answers again the next request goes through at once (no cooldown for a
 * code that never went out). The same rule has an API test: apps/server/src/modules/auth/sms.test.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScenarioResult } from './report.ts';
import { withClient } from './seed.ts';
import { call, solveBotCheck, startServer } from './server-process.ts';

const GATEWAY_TIMEOUT_MS = 1000;
const SENT_MESSAGE = 'We could not send the OTP right now. Please try again in a moment.';

/** A gateway that records every call and, while `silent`, never answers. */
async function startGateway() {
  const calls: string[] = [];
  const held: ServerResponse[] = [];
  const gateway = { calls, silent: true, url: '', close: async () => undefined as void };
  const server = createServer((request: IncomingMessage, response) => {
    calls.push(decodeURIComponent(request.url ?? ''));
    if (gateway.silent) held.push(response);
    else response.writeHead(200).end('{"status":"sent"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      for (const response of held) response.destroy();
      server.close(() => resolve());
    });
  return gateway;
}

export async function smsTimeout(databaseUrl: string): Promise<ScenarioResult & { log: string }> {
  const problems: string[] = [];
  const gateway = await startGateway();
  const server = await startServer(databaseUrl, {
    SMS_DRIVER: 'http',
    SMS_HTTP_URL: `${gateway.url}/send?to={to}&text={text}`,
    SMS_HTTP_METHOD: 'GET',
    SMS_HTTP_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
    ALLOW_CONSOLE_SMS: 'off',
  });
  try {
    const number = '8809655512345';
    const requestOtp = async () =>
      call(`${server.url}/api/v1/users/generate-otp`, {
        json: { product_number: number, token: await solveBotCheck(server.url) },
      });
    const codesOf = () =>
      withClient(databaseUrl, async (client) => {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from otp_codes where product_number = $1 and consumed_at is null',
          [number],
        );
        return rows[0]?.n ?? -1;
      });

    const failed = await requestOtp();
    const failedMessage = failed.status === 503 ? (JSON.parse(failed.body) as { message?: string }).message : undefined;
    if (failed.status !== 503 || failedMessage !== SENT_MESSAGE)
      problems.push(`with the gateway silent: ${failed.status} ${failed.body}`);
    if (failed.ms > GATEWAY_TIMEOUT_MS + 2000) problems.push(`the refusal took ${Math.round(failed.ms)} ms`);
    const usableAfterFailure = await codesOf();
    if (usableAfterFailure !== 0) problems.push(`${usableAfterFailure} usable codes were left by a message never delivered`);
    const undelivered = /\b(\d{6})\b/.exec(gateway.calls.at(-1) ?? '')?.[1];
    if (!undelivered) problems.push('the gateway was never called');

    gateway.silent = false;
    const retried = await requestOtp();
    if (retried.status !== 200) problems.push(`retry once the gateway answers: ${retried.status} ${retried.body}`);
    const delivered = /\b(\d{6})\b/.exec(gateway.calls.at(-1) ?? '')?.[1] ?? '';
    const login = await call(`${server.url}/api/v1/users/login`, {
      json: { product_number: number, otp: delivered, token: await solveBotCheck(server.url) },
    });
    if (login.status !== 200) problems.push(`sign-in with the delivered code: ${login.status} ${login.body}`);
    const log = server.log();
    for (const code of [undelivered, delivered]) {
      if (code && new RegExp(`(?<![\\d.])${code}(?!\\d)`).test(log)) problems.push('an OTP appears in the server log');
    }
    return {
      name: '(d) SMS gateway times out',
      facts: {
        reply: `${failed.status} in ${Math.round(failed.ms)} ms`,
        'codes left': usableAfterFailure,
        retry: retried.status,
        'sign-in': login.status,
      },
      problems,
      log,
    };
  } finally {
    await server.stop();
    await gateway.close();
  }
}
