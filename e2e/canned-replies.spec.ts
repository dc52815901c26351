/**
 * Canned replies (DESIGN.md §19): staff write a ready answer with placeholders once, then insert it
 * into a ticket's comment in two clicks, filled with the ticket's id, the issuer's name and the
 * problematic number, and send it.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/canned-replies';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const TITLE = `Line check ${stamp}`;
const BODY = 'Dear {customer_name}, ticket #{ticket_id} about {number} is with our engineers.';

test.describe.configure({ mode: 'serial' });

test('staff create a reply with placeholders, insert it filled into a comment and send it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, '/canned-replies?page=1');
  await expect(page.getByRole('heading', { name: 'Canned replies' })).toBeVisible();

  await page.getByRole('button', { name: 'New reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'New canned reply' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await dialog.getByRole('textbox', { name: 'Text (English)' }).fill(BODY);
  await page.screenshot({ path: `${SHOTS}/create-dialog-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search replies' }).fill(stamp);
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await expect(row).toContainText('Retail Sales');
  await page.screenshot({ path: `${SHOTS}/list-desktop.png` });

  const ticketId = await issueTicketAs(page.request, await tokenFor(page.request, DEMO.customer), `Line drops ${stamp}`);
  await page.goto(`/view-ticket?id=${ticketId}`);
  const message = page.getByRole('textbox', { name: 'Add comment' });
  await message.pressSequentially('Hello. ');
  await page.getByRole('button', { name: 'Insert reply' }).click();
  const picker = page.getByRole('group', { name: 'Canned replies' });
  await picker.getByRole('textbox', { name: 'Search replies' }).fill(stamp);
  await picker.getByRole('button', { name: new RegExp(TITLE) }).waitFor();
  await page.screenshot({ path: `${SHOTS}/picker-desktop.png` });
  await picker.getByRole('button', { name: new RegExp(TITLE) }).click();

  const filled = `Dear Sadia Karim, ticket #${ticketId} about +8801712345678 is with our engineers.`;
  await expect(message).toHaveValue(`Hello. ${filled}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(filled).first()).toBeVisible();
  await expect(message).toHaveValue('');
});

test('the screen and the picker fit a phone, and a reply is deleted through the confirm dialog', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.rs, `/canned-replies?q=${stamp}&page=1`);
  await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-phone.png`, fullPage: true });

  const ticketId = await issueTicketAs(page.request, await tokenFor(page.request, DEMO.customer), `Slow line ${stamp}`);
  await page.goto(`/view-ticket?id=${ticketId}`);
  await page.getByRole('button', { name: 'Insert reply' }).click();
  await page.getByRole('group', { name: 'Canned replies' }).getByRole('textbox', { name: 'Search replies' }).fill(stamp);
  await expect(page.getByRole('button', { name: new RegExp(TITLE) })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/picker-phone.png` });

  await page.goto(`/canned-replies?q=${stamp}&page=1`);
  await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete canned reply' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('No reply matches this search.')).toBeVisible();
});
