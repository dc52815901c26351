/**
 * A person on each ticket (DESIGN.md §19): Customer Care takes a customer's ticket on the ticket
 * view, finds it in the "Mine" tab, forwards it to Retail Sales, and the forward releases it.
 * Desktop and phone widths.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/assignment';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const TITLE = `Router keeps rebooting at night ${Date.now().toString(36)}`;

/** The customer's session token (one sign-in per run, shared with the page's). */
async function customerToken(page: Page): Promise<string> {
  await signInAs(page, DEMO.customer, '/create-ticket');
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  if (!token) throw new Error('no customer token');
  return token;
}

test('take → the Mine tab lists it → forward → nobody on it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const customer = await customerToken(page);
  const ticketId = await issueTicketAs(page.request, customer, TITLE, 'Every night around two the router restarts.');

  await signInAs(page, DEMO.admin, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Assigned to' });
  await expect(panel.getByText('Nobody has taken this ticket yet.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Release' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Take it' }).click();
  await expect(page.getByText('You took this ticket')).toBeVisible();
  await expect(panel.getByTestId('assignee-name')).toHaveText(/\(you\)$/);
  await expect(panel.getByRole('button', { name: 'Take it' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Release' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/taken-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/taken-phone.png` });
  await page.setViewportSize(DESKTOP);

  await page.goto('/tickets?page=1');
  await page.getByRole('tab', { name: 'Mine' }).click();
  await expect(page).toHaveURL(/assignee=me/);
  await expect(page.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/mine-tab-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/mine-tab-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ticketId}`));
  const actions = page.getByRole('region', { name: 'Ticket actions' });
  await actions.getByRole('button', { name: 'Forward', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Forward ticket #${ticketId}` });
  await dialog.getByRole('combobox', { name: 'Forward to' }).click();
  await page.getByRole('option', { name: 'Retail Sales' }).click();
  await dialog.getByRole('textbox', { name: 'Cause' }).fill('The customer wants a new router under the plan');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully forwarded this ticket')).toBeVisible();
  await expect(panel.getByText('Nobody has taken this ticket yet.')).toBeVisible();

  await page.goto('/tickets?page=1&assignee=me');
  await expect(page.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('ticket-row').filter({ hasText: String(ticketId) })).toHaveCount(0);
});

test('customers see neither the panel nor the Mine tab', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const customer = await customerToken(page);
  const ticketId = await issueTicketAs(page.request, customer, `${TITLE} (customer)`, 'Still rebooting.');
  await signInAs(page, DEMO.customer, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: `${TITLE} (customer)` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Assigned to' })).toHaveCount(0);
  await page.goto('/tickets?page=1');
  await expect(page.getByRole('tab', { name: 'Mine' })).toHaveCount(0);
});
