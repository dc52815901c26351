/** The mail the desk sent during the journeys, as the journeys' mail server kept it (mail-sink.ts). */
import { expect, type APIRequestContext } from '@playwright/test';

const MAIL_SINK_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3199) + 2}`;

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for a mail to `to` whose subject contains `subject`, and returns the last such one. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string, timeout = 20_000): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        const reply = await request.get(`${MAIL_SINK_URL}/messages`, { params: { to } });
        const mails = (await reply.json()) as SentMail[];
        found = mails.filter((mail) => mail.subject.includes(subject)).at(-1);
        return found !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return found as SentMail;
}
