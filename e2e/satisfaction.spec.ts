/**
 * Customer satisfaction (DESIGN.md §25): a ticket raised on the public form in Bangla is resolved
 * by staff; the satisfaction e-mail reaches the journeys' mail server (this server asks at once,
 * CSAT_DELAY_MINUTES=0), and its issuer taps "4" at phone width: the page opens in Bangla, takes the
 * rating in one tap and a comment after it, sets no cookie and loads nothing from elsewhere. The
 * same link again is refused, as a tampered one is.
 */
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Group } from '@switchboard/shared';
import { waitForMail } from './support/mail.ts';
import { DEMO, signInAs, tokenFor } from './support/session.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/satisfaction';
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const EMAIL = `rating.${stamp}@example.com`;

async function publicBotCheck(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/v1/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A public-form ticket filled in `language`, resolved by staff; returns its id. Through the test's own
 * request context: the page's browser context must hold no cookie of anybody's sign-in.
 */
async function resolvedPublicTicket(request: APIRequestContext, email: string, language: 'bn' | 'en'): Promise<number> {
  const groups = (await (await request.get('/api/v1/groups')).json()) as { data: Group[] };
  const group = groups.data[0];
  if (!group) throw new Error('no groups in the demo data');
  const raised = await request.post('/api/v1/tickets/issue-ticket/public', {
    headers: { 'accept-language': language },
    data: {
      title: `রাতে লাইন চলে যায় ${stamp}`,
      description: 'প্রতি রাতে রাউটারের লাইট লাল হয়ে যায়।',
      problematic_number: '8801712345678',
      group_id: group._id,
      sub_group_id: group.sub_groups[0]?._id,
      issuer_user_type: 'customer',
      client_email: email,
      token: await publicBotCheck(request),
    },
  });
  expect(raised.ok()).toBe(true);
  const ticketId = ((await raised.json()) as { data: { ticket_id: number } }).data.ticket_id;
  const resolved = await request.post('/api/v1/tickets/resolve-ticket', {
    headers: { authorization: `Bearer ${await tokenFor(request, DEMO.admin)}` },
    data: { ticket_id: ticketId },
  });
  expect(resolved.ok()).toBe(true);
  return ticketId;
}

/** The link of `score` in the e-mail's text, as a path on this server. */
function linkOf(text: string, score: number): string {
  const link = text.match(new RegExp(`https?://\\S+/rate\\?t=[\\w.-]+&s=${score}\\S*`))?.[0];
  if (!link) throw new Error(`no link for ${score} in:\n${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('the issuer taps a rating from the e-mail on a phone, in Bangla, and adds a comment', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const ticketId = await resolvedPublicTicket(request, EMAIL, 'bn');
  // The receipt came first; the question is the mail that asks, in the language of the form.
  const mail = await waitForMail(request, EMAIL, `আমাদের সেবা কেমন ছিল? [#${ticketId}]`);
  for (const score of [1, 2, 3, 4, 5]) expect(mail.text).toContain(`&s=${score}`);

  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${baseURL}/`)) foreign.push(request.url());
  });
  // Opened without a score (a link cut short), the page asks and sends nothing.
  await page.goto(linkOf(mail.text, 4).replace('&s=4', ''));
  await expect(page.getByRole('button', { name: '5-এর মধ্যে 4 দিন' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ask-desktop-bn.png`, fullPage: true });

  await page.setViewportSize(PHONE);
  await page.goto(linkOf(mail.text, 4));

  await expect(page.getByRole('heading', { name: 'ধন্যবাদ!' })).toBeVisible();
  await expect(page.getByText(`আপনি টিকেট #${ticketId}-কে 5-এর মধ্যে 4 দিয়েছেন।`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/rated-phone-bn.png`, fullPage: true });

  await page.getByLabel('আর কিছু বলতে চান? (ঐচ্ছিক)').fill('দ্রুত সমাধান, ধন্যবাদ');
  await page.getByRole('button', { name: 'মন্তব্য পাঠান' }).click();
  await expect(page.getByText('ধন্যবাদ! আপনার মন্তব্য সংরক্ষিত হয়েছে।')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commented-phone-bn.png`, fullPage: true });

  // The same link again: spent.
  await page.goto(linkOf(mail.text, 1));
  await expect(page.getByText(`টিকেট #${ticketId} আগেই রেট করা হয়েছে। ধন্যবাদ!`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/spent-phone-bn.png`, fullPage: true });

  expect(await context.cookies()).toEqual([]);
  expect(foreign).toEqual([]);
});

test('a low rating tells the staff who hold the ticket at once', async ({ page, browser, request }) => {
  const email = `low.${stamp}@example.com`;
  const ticketId = await resolvedPublicTicket(request, email, 'en');
  const mail = await waitForMail(request, email, `how did we do? [#${ticketId}]`);
  // Customer Care's list, with its live stream open.
  const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/events') && response.ok());
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await streamOpened;

  // The issuer taps "2" on their own phone, in a browser of their own.
  const issuer = await browser.newContext({ viewport: PHONE });
  const issuerPage = await issuer.newPage();
  await issuerPage.goto(linkOf(mail.text, 2));
  await expect(issuerPage.getByText(`You rated ticket #${ticketId} 2 of 5.`)).toBeVisible();
  await issuer.close();

  await expect(page.getByText(`Ticket #${ticketId} was rated 2 of 5`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/low-rating-toast-desktop.png` });
});

test('a tampered link is refused with a clear page', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/rate?t=100001.9999999999.forged-signature&s=5&lang=en');
  await expect(page.getByText('This rating link is not valid. Please open the link from your e-mail as it came.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tampered-phone-en.png`, fullPage: true });
});
