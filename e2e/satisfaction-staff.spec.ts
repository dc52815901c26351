/**
 * Customer satisfaction as staff read it (DESIGN.md §25): Customer Care filters the list by low
 * rating, finds the red badge, opens the ticket and reads the rating on its view, then the
 * dashboard's satisfaction per department; in English and Bangla, at desktop and phone widths.
 * The customer who gave the rating sees none of it. The demo data has a few rated tickets, one low.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.E2E_SHOTS ?? '.screenshots/satisfaction-staff';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The demo's low rating (apps/server/src/db/seed.ts). */
const LOW_COMMENT = 'It took too long and nobody called me back.';

/** `target` (the page, or one part of it) at both widths; nothing may be wider than the phone's screen. */
async function shoot(page: Page, name: string, target: () => Page | Locator = () => page): Promise<void> {
  for (const [size, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await target().screenshot({ path: `${SHOTS}/${name}-${width}.png`, ...(target() === page ? { fullPage: true } : {}) });
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wider, `${name} is wider than the phone`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

/** Axe's WCAG A/AA findings on the part that shows ratings, one line each. */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

let lowTicketId = 0;

test.describe.configure({ mode: 'serial' });

test('filter the list by low rating → the red badge → the rating on the view → the dashboard', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await page.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: 'Low (1–2)' }).click();
  await expect(page).toHaveURL(/rating=low/);
  const rows = page.getByTestId('ticket-row');
  await expect(rows).toHaveCount(1);
  const badge = rows.first().getByTestId('rating-badge');
  await expect(badge).toHaveAttribute('data-low', 'true');
  await expect(badge).toContainText('2/5');
  lowTicketId = Number((await rows.first().getByRole('link').first().textContent())?.replace(/\D/g, ''));
  expect(lowTicketId).toBeGreaterThan(0);

  // A reload keeps the filter, as for every filter of the list.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Rating' })).toHaveValue('Low (1–2)');
  await expect(rows).toHaveCount(1);
  expect(await violationsIn(page, '[data-testid="ticket-row"]')).toEqual([]);
  await shoot(page, 'list-en');
  // The phone's card carries the badge too.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('ticket-row').first().getByTestId('rating-badge')).toBeVisible();
  await page.setViewportSize(DESKTOP);

  await page.goto(`/view-ticket?id=${lowTicketId}`);
  const panel = page.getByRole('region', { name: 'Satisfaction' });
  await expect(panel).toContainText('2 / 5');
  await expect(panel).toContainText('Low rating');
  await expect(panel).toContainText('by SMS');
  await expect(panel).toContainText(LOW_COMMENT);
  expect(await violationsIn(page, '[data-testid="satisfaction-panel"]')).toEqual([]);
  await shoot(page, 'view-en', () => panel);
  await shoot(page, 'view-page-en');

  // Every rated ticket: the satisfied ones carry a grey badge.
  await page.goto('/tickets?page=1&rating=any');
  await expect(page.getByTestId('rating-badge')).toHaveCount(4);

  await page.goto('/dashboard');
  const card = page.getByRole('heading', { name: 'Satisfaction' }).locator('xpath=ancestor::div[contains(@class, "Paper")][1]');
  await expect(card.getByRole('img', { name: /^Share of satisfied ratings/ })).toBeVisible();
  await expect(card.getByRole('link', { name: '1 low' })).toHaveAttribute('href', /rating=low/);
  expect(await violationsIn(page, 'main')).toEqual([]);
  await shoot(page, 'dashboard-en', () => card);
});

test('in Bangla: the filter, the badge, the panel and the card speak Bangla', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'bn'));
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1&rating=low');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('combobox', { name: 'রেটিং' })).toHaveValue('কম (1–2)');
  await expect(page.getByTestId('rating-badge')).toHaveCount(1);
  await shoot(page, 'list-bn');
  await page.goto(`/view-ticket?id=${lowTicketId}`);
  const panel = page.getByRole('region', { name: 'সন্তুষ্টি' });
  await expect(panel).toContainText('এসএমএসে');
  await shoot(page, 'view-bn', () => panel);
  await page.goto('/dashboard');
  const card = page.getByRole('heading', { name: 'সন্তুষ্টি' }).locator('xpath=ancestor::div[contains(@class, "Paper")][1]');
  await expect(card.getByRole('img')).toBeVisible();
  await shoot(page, 'dashboard-bn', () => card);
});

test('the customer who rated the ticket sees no rating, badge or filter', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.customer, '/tickets?page=1&rating=low');
  await expect(page.getByTestId('ticket-row').first()).toBeVisible();
  await expect(page.getByTestId('rating-badge')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Rating' })).toHaveCount(0);
  await page.goto(`/view-ticket?id=${lowTicketId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Satisfaction' })).toHaveCount(0);
});
