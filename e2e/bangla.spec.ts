/**
 * The desk in Bangla (DESIGN.md §16), as a Bangla reader meets it: the switch on the sign-in
 * screen, remembered; the sign-in, a reply and a refusal in Bangla; and every screen of an admin and
 * a customer at desktop and phone widths with no accessibility violation and no text cut off or
 * pushing the page wider than the phone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_SCREENS, CUSTOMER_SCREENS, openScreen } from './support/screens.ts';
import { DEMO, otpFromOutbox, signInAs } from './support/session.ts';

/** A folder's Bangla catalog, to find controls by the words a Bangla reader sees. */
function bangla(folder: string): Record<string, string> {
  const file = path.join(import.meta.dirname, '../packages/shared/messages/bn/web', `${folder}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const auth = bangla('features/auth');
const layout = bangla('app/layout');
const ticketView = bangla('features/ticket-view');

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BENGALI = /[\u0980-\u09FF]/;

/** Chooses Bangla before anything loads: what the switch leaves in localStorage. */
async function inBangla(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('language', 'bn'));
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await page.waitForTimeout(300);
}

/** Controls whose text does not fit (clipped), and anything that makes the page wider than the screen. */
async function overflowsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a, label, th, [role="tab"], [class*="-label"], .mantine-Badge-root, .mantine-Input-input',
    );
    for (const element of controls) {
      // Data cut off on purpose (a long name in a narrow cell, `truncate`) is shown whole elsewhere; a cut label is not.
      if (element.closest('[data-truncate]')) continue;
      const style = getComputedStyle(element);
      const clipped = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clipped && element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()} "${element.innerText.slice(0, 60)}" needs ${element.scrollWidth}px of ${element.clientWidth}px`,
        );
      }
    }
    return found;
  });
}

async function expectReadable(page: Page, where: string): Promise<void> {
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  // The heading may be data (a ticket's title) or the brand; the screen's own words are Bangla.
  await expect(page.locator('main, body').first()).toContainText(BENGALI);
  // Numbers keep Latin digits, dates and counts included (DESIGN.md §16).
  expect((await page.locator('body').innerText()).match(/[\u09E6-\u09EF]+/g) ?? [], `${where}: Bengali digits`).toEqual([]);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const findings = violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  expect(findings, `${where}: accessibility`).toEqual([]);
  expect(await overflowsOf(page), `${where}: overflow`).toEqual([]);
}

test('a customer chooses Bangla on the sign-in screen, signs in, replies and is refused in Bangla', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByLabel(auth.numberLabel?.replace('{brand}', 'Switchboard') ?? '').fill(DEMO.customer);
  await page.getByRole('button', { name: auth.getOtp }).click();
  await expect(page.getByText(auth.otpSent?.replace('{brand}', 'Switchboard') ?? '')).toBeVisible();
  await page.getByLabel(auth.otpLabel ?? '').fill(await otpFromOutbox(request, DEMO.customer));
  await page.getByRole('button', { name: auth.submit }).click();
  await expect(page).toHaveURL(/\/tickets/);
  await expect(page.getByRole('link', { name: layout.createTicket })).toBeVisible();

  // The choice stays after a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();

  await page.getByTestId('ticket-row').first().click();
  const comment = page.getByLabel(ticketView.commentFormMessage ?? '');
  await expect(page.getByRole('button', { name: ticketView.commentFormSend })).toBeDisabled();
  await comment.fill('লাইন এখনও বন্ধ, দয়া করে দেখুন।');
  await page.getByRole('button', { name: ticketView.commentFormSend }).click();
  await expect(page.getByText(ticketView.commentFormSuccess ?? '')).toBeVisible();
  await expect(page.getByText('লাইন এখনও বন্ধ, দয়া করে দেখুন।')).toBeVisible();

  // A refusal from the server comes back in Bangla (a ticket of nobody's).
  const reply = await request.get('/api/v1/tickets/get-ticket-by-id/99999999', { headers: { 'accept-language': 'bn' } });
  expect(reply.status()).toBe(401);
  expect(((await reply.json()) as { message: string }).message).toMatch(BENGALI);
});

const SCREENS = [
  { who: 'an admin', entry: DEMO.admin, paths: ADMIN_SCREENS },
  { who: 'a customer', entry: DEMO.customer, paths: CUSTOMER_SCREENS },
] as const;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const) {
  test.describe(`in Bangla at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the sign-in screen and the public pages read well', async ({ page }) => {
      await inBangla(page);
      // The rating page asking for a score (a token it only shows; nothing is sent without a score).
      for (const screen of ['/', '/create-ticket', '/rate?t=100001.1.unchecked']) {
        await page.goto(screen);
        await expectReadable(page, screen);
      }
    });

    for (const { who, entry, paths } of SCREENS) {
      test(`every screen of ${who} reads well`, async ({ page }) => {
        test.setTimeout(180_000);
        await inBangla(page);
        await signInAs(page, entry);
        for (const screen of paths) {
          await openScreen(page, screen);
          await expectReadable(page, screen);
        }
      });
    }
  });
}
