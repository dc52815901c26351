/** The mail the desk sent during the journeys, as the journeys' mail server kept it (mail-sink.ts). */
import { expect, test, type APIRequestContext } from '@playwright/test';

/** The mail server of the running journey's desk: its HTTP port is two past the desk's (playwright.config.ts). */
function mailSinkUrl(): string {
  const desk = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:3199');
  return `http://127.0.0.1:${Number(desk.port) + 2}`;
}

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
        const reply = await request.get(`${mailSinkUrl()}/messages`, { params: { to } });
        const mails = (await reply.json()) as SentMail[];
        found = mails.filter((mail) => mail.subject.includes(subject)).at(-1);
        return found !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return found as SentMail;
}
