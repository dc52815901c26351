/**
 * Priority and the list's order (DESIGN.md §30): Customer Care sets a customer's ticket to Urgent on
 * the ticket view, finds the badge in the list, filters by it, orders by priority, and a reload keeps
 * the filter and the order. The customer sees none of it. Desktop and phone widths, English and Bangla.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.E2E_SHOTS ?? '.screenshots/priority-sort';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const TITLE = `Fibre link down at the shop ${Date.now().toString(36)}`;

async function customerToken(page: Page): Promise<string> {
  await signInAs(page, DEMO.customer, '/create-ticket');
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  if (!token) throw new Error('no customer token');
  return token;
}

/** Both widths of the current page; nothing may be wider than the phone's screen. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wider, `${name} is wider than the phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

let ticketId = 0;

test.describe.configure({ mode: 'serial' });

test('set Urgent on the view → the list shows, filters and orders by it → a reload keeps it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  ticketId = await issueTicketAs(page.request, await customerToken(page), TITLE, 'No internet at the shop since noon.');

  await signInAs(page, DEMO.admin, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Priority' });
  const select = panel.getByRole('combobox', { name: 'Priority' });
  await expect(select).toHaveValue('Normal');
  await select.click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await expect(page.getByText('Priority set to Urgent')).toBeVisible();
  await expect(select).toHaveValue('Urgent');
  await shoot(page, 'view-en');

  await page.goto('/tickets?page=1');
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row.getByTestId('priority-badge')).toHaveText('Urgent');
  await expect(page.getByRole('columnheader', { name: 'Priority' })).toBeVisible();

  // The filter bar's priority.
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await expect(page).toHaveURL(/priority=urgent/);
  await expect(row).toBeVisible();
  for (const badge of await page.getByTestId('priority-badge').all()) await expect(badge).toHaveText('Urgent');

  // The order, by keyboard: focus the select, open it, walk to the option and take it.
  const order = page.getByRole('combobox', { name: 'Order' });
  await expect(order).toHaveValue('Newest first');
  await order.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Highest priority first' }).waitFor();
  for (let step = 0; step < 8; step++) {
    if ((await page.getByRole('option', { name: 'Highest priority first' }).getAttribute('data-combobox-selected')) !== null)
      break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=priority/);
  await expect(page).toHaveURL(/order=desc/);
  await expect(page).toHaveURL(/priority=urgent/);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('Highest priority first');
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('Urgent');
  await expect(row).toBeVisible();
  await shoot(page, 'list-filtered-en');

  // Without the filter, the order stays and the urgent ticket comes first (the newest of the urgent).
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await expect(page).not.toHaveURL(/priority=urgent/);
  await expect(page).toHaveURL(/sort=priority/);
  await expect(page.getByTestId('ticket-row').first()).toContainText(String(ticketId));
  await shoot(page, 'list-sorted-en');
});

test('in Bangla: the priority, its filter and the order speak Bangla', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'bn'));
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1&priority=urgent&sort=priority&order=desc');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('combobox', { name: 'ক্রম' })).toHaveValue('বেশি অগ্রাধিকার আগে');
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row.getByTestId('priority-badge')).toHaveText('জরুরি');
  await shoot(page, 'list-bn');
  await page.goto(`/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('region', { name: 'অগ্রাধিকার' }).getByRole('combobox', { name: 'অগ্রাধিকার' })).toHaveValue('জরুরি');
  await shoot(page, 'view-bn');
});

test('the customer sees no priority and orders by creation only', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // An order and a filter the customer may not use: newest first (the direction stays theirs), every ticket.
  await signInAs(page, DEMO.customer, '/tickets?page=1&sort=priority&order=desc&priority=urgent');
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('priority-badge')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('Newest first');
  await page.getByRole('combobox', { name: 'Order' }).click();
  await expect(page.getByRole('option')).toHaveText(['Newest first', 'Oldest first']);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/customer-list-390.png`, fullPage: true });
  await page.goto(`/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Priority' })).toHaveCount(0);
});
