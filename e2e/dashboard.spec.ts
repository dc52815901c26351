/**
 * The dashboard (DESIGN.md §17): staff open it from the navigation and see the charts drawn (an svg
 * path or rect in each), the figures with units, and each figure opens the ticket list it counts. Readable
 * on a phone; axe finds nothing at either width, nor on the overdue list and the service levels.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/dashboard';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  // At least one ticket raised today, so that today's figure is a link to a list with a row.
  await issueTicketAs(request, await tokenFor(request, DEMO.customer), `Line drops every evening ${Date.now().toString(36)}`);
});

async function violationsOf(page: Page): Promise<string[]> {
  // Mantine fades content in; axe measures colours as they are on screen.
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  );
}

const chartsDrawn = async (page: Page) => {
  // Each chart (an svg image) draws its lines as paths or its bars as rects.
  for (const title of ['Tickets raised and solved per day', 'Unsolved tickets by department']) {
    const panel = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(panel.getByRole('img').locator('path, rect').first()).toBeVisible();
  }
};

test('staff open the dashboard from the navigation and see the charts drawn', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await chartsDrawn(page);
  await expect(page.getByRole('link', { name: /^\d+ tickets?$/ }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-desktop.png`, fullPage: true });
  expect(await violationsOf(page)).toEqual([]);
});

test("a figure opens the ticket list it counts: a department's open tickets", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/dashboard');
  const ccRow = page.getByRole('row', { name: /^Customer Care/ }).first();
  const open = ccRow.getByRole('link').first();
  await expect(open).toBeVisible();
  await open.click();
  await expect(page).toHaveURL(/\/tickets\?.*issued_to=cc/);
  await expect(page).toHaveURL(/status=open/);
  await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
  await expect(page.getByTestId('ticket-row').first()).toBeVisible();
});

test('the dashboard reads on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.admin, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await chartsDrawn(page);
  // Nothing wider than the screen: no sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/dashboard-phone.png`, fullPage: true });
  expect(await violationsOf(page)).toEqual([]);
});

test('the overdue list with its badges and the service levels screen pass axe', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1&overdue=true');
  await expect(page.getByTestId('ticket-row').first()).toContainText('Overdue');
  await expect(page.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
  expect(await violationsOf(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/overdue-list-desktop.png` });

  await page.goto('/service-levels');
  await expect(page.getByRole('heading', { name: 'Service levels', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Customer Care' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await violationsOf(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/service-levels-phone.png`, fullPage: true });
});
