/**
 * Erasure of a number's personal data (DESIGN.md §29): an admin erases a customer's number from the
 * users screen through a dialog that asks for the number again and shows the counts, on a desktop
 * and on a phone; the erased number then signs in again as a new customer, with none of the old
 * tickets.
 */
import { randomInt } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Group, IssueTicketReply } from '@switchboard/shared';
import { DEMO, otpFromOutbox, signInAs, tokenFor } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/erasure';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

/** A product number nobody else's journey uses: 096 + 8 random digits (the entry after +88). */
const freshEntry = () => `0969${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

test.describe.configure({ mode: 'serial' });

/** A new customer of `entry` (its first sign-in makes the account) with a ticket and a reply on it. */
async function customerWithTicket(request: APIRequestContext, entry: string, title: string): Promise<number> {
  const token = await tokenFor(request, entry);
  const headers = { authorization: `Bearer ${token}` };
  const groups = (await (await request.get('/api/v1/groups')).json()) as { data: Group[] };
  const group = groups.data[0];
  if (!group) throw new Error('no groups in the demo data');
  const issued = await request.post('/api/v1/tickets/issue-ticket', {
    headers,
    data: {
      title,
      problematic_number: `88${entry}`,
      description: 'My name is Rahima and the line drops.',
      group_id: group._id,
      sub_group_id: group.sub_groups[0]?._id ?? null,
      issuer_user_type: 'customer',
    },
  });
  if (!issued.ok()) throw new Error(`issue-ticket: ${issued.status()} ${await issued.text()}`);
  const ticketId = ((await issued.json()) as IssueTicketReply).data.ticket_id;
  const commented = await request.post('/api/v1/tickets/add-comment', {
    headers,
    data: { ticket_id: ticketId, message: 'Call me at home, please.', is_internal: false, attachments: [] },
  });
  if (!commented.ok()) throw new Error(`add-comment: ${commented.status()} ${await commented.text()}`);
  return ticketId;
}

/** Erases `entry` on /user-info as the admin, taking screenshots of the dialog and of the counts. */
async function eraseOnUsersScreen(page: Page, entry: string, shot: string) {
  await signInAs(page, DEMO.admin, '/user-info');
  const panel = page.getByRole('form', { name: "Erase a number's personal data" });
  await panel.getByLabel('Number to erase').fill(entry);
  await panel.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('dialog', { name: "Erase this number's personal data?" });
  await expect(dialog.getByText(/Other numbers are not touched/)).toBeVisible();
  await dialog.getByLabel('Type the number again to confirm').fill(entry);
  await page.screenshot({ path: `${SHOTS}/${shot}-dialog.png` });
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const done = page.getByRole('status').filter({ hasText: 'Erased' });
  await expect(done.getByText('Tickets: 1')).toBeVisible();
  await expect(done.getByText('Comments: 1')).toBeVisible();
  await expect(done.getByText('Accounts: 1')).toBeVisible();
  await done.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${shot}-done.png` });
  await expectAccessible(page, 'form[aria-label="Erase a number\'s personal data"]');
  await expectAccessible(page, '[role="status"]');
}

/** No WCAG 2.2 AA violation inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
}

test('an admin erases a number on a desktop; it signs in again as a new customer', async ({ page }) => {
  const entry = freshEntry();
  const title = `Erase me ${stamp}`;
  await customerWithTicket(page.request, entry, title);
  await page.setViewportSize(DESKTOP);

  // A wrong confirmation is refused and changes nothing.
  await signInAs(page, DEMO.admin, '/user-info');
  await page.getByLabel('Number to erase').fill(entry);
  await page.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('dialog', { name: "Erase this number's personal data?" });
  await dialog.getByLabel('Type the number again to confirm').fill('01700000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toContainText('does not match');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await eraseOnUsersScreen(page, entry, 'desktop');

  // The number signs in through the form as a new customer, who has none of the old tickets.
  await page.evaluate(() => localStorage.removeItem('jwt_token'));
  await page.goto('/');
  await page.getByLabel('Switchboard Number').fill(entry);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByLabel('OTP')).toBeFocused();
  await page.getByLabel('OTP').fill(await otpFromOutbox(page.request, entry));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
  await expect(page.getByRole('banner').getByText(`Customer +88${entry}`)).toBeVisible();
  await expect(page.getByText('No tickets found.')).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/desktop-new-customer.png` });
});

test('an admin erases a number on a phone; its ticket shows the marker, with no history of the number', async ({ page }) => {
  const entry = freshEntry();
  const title = `Erase me too ${stamp}`;
  const ticketId = await customerWithTicket(page.request, entry, title);
  await page.setViewportSize(PHONE);
  await eraseOnUsersScreen(page, entry, 'phone');

  await page.goto(`/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const details = page.getByRole('term').filter({ hasText: 'Problematic Number' }).locator('+ dd');
  await expect(details).toHaveText('erased');
  await expect(page.getByRole('region', { name: /^History of/ })).toHaveCount(0);
  await expect(page.getByText('Call me at home, please.')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/phone-erased-ticket.png`, fullPage: true });
});

test('nobody but an admin has the action', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.moderator, '/user-info');
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
  await expect(page.getByText('Number to erase')).toHaveCount(0);
});
