/**
 * The public ticket page: a visitor without an account submits a ticket with an image (the bot
 * check runs unseen), the e-mail address is checked when the field is left, the page works on a
 * phone, and cc staff then find the ticket with the client's address.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { openPublicForm } from './support/public-form.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/public-ticket';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A 16x16 PNG (blue square): enough for the store, which checks the bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPQyLtDEmIY1TCqYfhqAAAAOnIQDifocAAAAABJRU5ErkJggg==',
  'base64',
);

const stamp = Date.now().toString(36);
const TITLE = `Fibre box damaged by the rain ${stamp}`;
const CLIENT_EMAIL = `nusrat.${stamp}@example.com`;
let ticketId = 0;

test.describe.configure({ mode: 'serial' });

/** Picks an option of a Mantine Select by the field's label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

async function fillTicket(page: Page, fields: { title: string; email: string }) {
  await choose(page, 'Group', 'Internet');
  await choose(page, 'Subgroup', 'Slow speed (ধীর গতি)');
  await page.getByRole('textbox', { name: 'Title' }).fill(fields.title);
  await page.getByRole('textbox', { name: 'Problematic Number' }).fill('01812345678');
  await page.getByRole('textbox', { name: 'Email' }).fill(fields.email);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('The fibre box outside the house is broken and the internet is down.');
}

test('a visitor without an account submits a ticket with an image and sees the confirmation', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openPublicForm(page);
  await expect(page.getByRole('heading', { name: 'Create Ticket' })).toBeVisible();
  // No account, no session: the page never sends anybody to sign in.
  await expect(page).toHaveURL(/\/create-ticket$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-empty-desktop.png`, fullPage: true });

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('nusrat@example');
  // Not while typing: the address is checked when the field is left.
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await email.blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-invalid-email-desktop.png`, fullPage: true });

  await fillTicket(page, { title: TITLE, email: CLIENT_EMAIL });
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);

  await page.locator('input[type=file]').setInputFiles([{ name: 'fibre-box.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page.getByRole('list', { name: 'Attached files' }).getByText('Uploaded')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/form-filled-desktop.png`, fullPage: true });

  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Ticket submitted successfully' })).toBeVisible();
  await expect(page.getByText('Thanks! Our support team will contact you soon.')).toBeVisible();
  ticketId = Number(await page.getByTestId('submitted-ticket-id').textContent());
  expect(ticketId).toBeGreaterThan(100000);
  // The bot check ran unseen: no puzzle, no widget anywhere on the page.
  await expect(page.locator('altcha-widget, iframe')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/submitted-desktop.png`, fullPage: true });

  await page.getByRole('button', { name: 'Submit another ticket' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('');
});

test('the page works on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openPublicForm(page);
  await expect(page.getByRole('heading', { name: 'Create Ticket' })).toBeVisible();
  // Nothing sticks out sideways on a narrow screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/form-empty-phone.png`, fullPage: true });

  await fillTicket(page, { title: `Second ticket from a phone ${stamp}`, email: CLIENT_EMAIL });
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await page.getByRole('textbox', { name: 'Email' }).blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-invalid-email-phone.png`, fullPage: true });
  await page.getByRole('textbox', { name: 'Email' }).fill(CLIENT_EMAIL);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Ticket submitted successfully' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/submitted-phone.png`, fullPage: true });
});

test('cc staff find the public ticket in their list and see the client e-mail', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await page.getByRole('textbox', { name: 'Ticket Id' }).fill(String(ticketId));
  await expect(page).toHaveURL(new RegExp(`ticket_id=${ticketId}`));
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row).toContainText('+8801812345678');
  await expect(row).toContainText(CLIENT_EMAIL);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ticketId}`));
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('link', { name: CLIENT_EMAIL })).toHaveAttribute('href', `mailto:${CLIENT_EMAIL}`);
  await expect(page.getByRole('button', { name: /^Open attachment 1 of 1$/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-view-desktop.png`, fullPage: true });
});
