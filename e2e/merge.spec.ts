/**
 * Merging duplicates (DESIGN.md §27): staff open a customer's second ticket about one problem, merge
 * it through the dialog into the customer's first one, and land there with the moved comments marked
 * "from ticket N"; the merged ticket's address leads to the target for staff and for the customer.
 * Desktop and phone widths.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.E2E_SHOTS ?? '.screenshots/merge';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const RUN = Date.now().toString(36);
const FIRST = `Router keeps restarting ${RUN}`;
const SECOND = `Internet drops again ${RUN}`;
const WORDS = `It happened twice tonight ${RUN}`;

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

test('staff merge a duplicate through the dialog; the merged ticket leads to its target for staff and the customer', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const token = await customerToken(page);
  const first = await issueTicketAs(page.request, token, FIRST, 'The router restarts every few minutes.');
  const second = await issueTicketAs(page.request, token, SECOND, 'No internet for an hour again.');
  const commented = await page.request.post('/api/v1/tickets/add-comment', {
    headers: { authorization: `Bearer ${token}` },
    data: { ticket_id: second, message: WORDS, is_internal: false },
  });
  expect(commented.ok()).toBe(true);

  await signInAs(page, DEMO.admin, `/view-ticket?id=${second}`);
  await expect(page.getByRole('heading', { name: SECOND })).toBeVisible();
  await page.getByRole('button', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: `Merge ticket #${second} into another ticket` });
  await dialog.getByRole('textbox', { name: 'Find a ticket' }).fill(String(first));
  const choice = dialog.getByRole('radio', { name: `Ticket #${first}: ${FIRST}` });
  await expect(choice).toBeVisible();
  await expect(dialog.getByTestId('merge-candidate')).toHaveCount(1);
  await expect(dialog.getByText('same customer', { exact: true })).toBeVisible();
  await choice.check();
  await shoot(page, 'choose');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByTestId('merge-what')).toHaveText(
    `Ticket #${second} will be closed and its conversation moved to ticket #${first}. The customer is told.`,
  );
  await shoot(page, 'confirm');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Ticket #${second} was merged into ticket #${first}.`)).toBeVisible();

  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${first}$`));
  await expect(page.getByRole('heading', { name: FIRST })).toBeVisible();
  const moved = page.getByTestId('comment').filter({ has: page.getByTestId('from-ticket') });
  await expect(moved).toHaveCount(2);
  await expect(moved.filter({ hasText: WORDS }).getByTestId('from-ticket')).toHaveText(`from ticket ${second}`);
  await expect(moved.filter({ hasText: SECOND })).toBeVisible();
  await shoot(page, 'target');

  // The merged ticket's address leads to the target, replacing it in the history.
  await page.goto(`/view-ticket?id=${second}`);
  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${first}$`));
  await expect(page.getByText(`Ticket #${second} was merged into this ticket`)).toBeVisible();
  await expect(page.getByRole('heading', { name: FIRST })).toBeVisible();

  // So does the customer's own view of it: both tickets are theirs.
  const context = await browser.newContext({ viewport: PHONE });
  const customer = await context.newPage();
  await signInAs(customer, DEMO.customer, `/view-ticket?id=${second}`);
  await expect(customer).toHaveURL(new RegExp(`/view-ticket\\?id=${first}$`));
  await expect(customer.getByRole('heading', { name: FIRST })).toBeVisible();
  await expect(customer.getByTestId('comment').filter({ hasText: WORDS }).getByTestId('from-ticket')).toBeVisible();
  await customer.screenshot({ path: `${SHOTS}/customer-390.png`, fullPage: true });
  await context.close();
});
