/**
 * Ticket journeys: a customer raises a ticket with images, cc staff answer it internally and
 * externally, the customer sees only what is meant for them, the gallery keys, list filters that
 * survive a reload, and the three screens at desktop and phone widths.
 */
import { deflateSync } from 'node:zlib';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/tickets';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG: a diagonal gradient between two colours, so that the two attachments differ. */
function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      for (let channel = 0; channel < 3; channel++) {
        row[1 + x * 3 + channel] = Math.round((from[channel] ?? 0) * (1 - t) + (to[channel] ?? 0) * t);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Picks an option of a Mantine Select by the field's label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

const stamp = Date.now().toString(36);
const TITLE = `Fibre link down in Mirpur since the storm ${stamp}`;
const INTERNAL_NOTE = `Checked the OLT port, escalating to field team ${stamp}`;
const EXTERNAL_REPLY = `We are on it: a technician visits tomorrow ${stamp}`;
let ticketId = 0;

test.describe.configure({ mode: 'serial' });

test('a customer creates a ticket with two images and sees it listed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.customer, '/add-ticket');
  await expect(page.getByRole('heading', { name: 'Create Ticket' })).toBeVisible();
  // Customers always issue as customer: no issuer type to choose.
  await expect(page.getByText('Issuer type')).toHaveCount(0);

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await choose(page, 'Group', 'Internet');
  await choose(page, 'Subgroup', 'Slow speed (ধীর গতি)');
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  const number = page.getByRole('textbox', { name: 'Problematic Number' });
  await number.fill('0171234');
  await number.blur();
  await expect(page.getByText('Enter a valid problematic number: 0 followed by 10 digits')).toBeVisible();
  await number.fill('01712345678');
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await description.pressSequentially('No internet at all.');
  await description.press('Shift+Enter');
  await description.pressSequentially('The router shows a red LOS light.');
  await expect(description).toHaveValue('No internet at all.\n\nThe router shows a red LOS light.');

  await page.locator('input[type=file]').setInputFiles([
    { name: 'router-front.png', mimeType: 'image/png', buffer: gradientPng(320, 240, [30, 90, 200], [120, 220, 255]) },
    { name: 'router-back.png', mimeType: 'image/png', buffer: gradientPng(320, 240, [200, 60, 40], [255, 200, 80]) },
  ]);
  const attached = page.getByRole('list', { name: 'Attached files' });
  await expect(attached.getByText('Uploaded')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/create-filled-desktop.png`, fullPage: true });

  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Successfully issued a new ticket')).toBeVisible();
  await expect(page).toHaveURL(/\/view-ticket\?id=\d+/);
  ticketId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('No internet at all.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open attachment \d of 2$/ })).toHaveCount(2);

  await page.goto('/tickets?page=1');
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row).toContainText('Fibre link down in M...');
  await expect(row).toContainText('+8801712345678');
  await expect(row).toContainText('Open');
  // Customers see neither Issued To nor Issued By, and filter only by status.
  await expect(page.getByRole('columnheader', { name: 'Issued To' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Issued By' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
});

test('cc staff open the ticket and add an internal and an external comment', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await page.getByRole('textbox', { name: 'Ticket Id' }).fill(String(ticketId));
  await expect(page).toHaveURL(new RegExp(`ticket_id=${ticketId}`));
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row).toContainText('Customer Care');
  await expect(row).toContainText('Sadia Karim');
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ticketId}`));

  const send = page.getByRole('button', { name: 'Send' });
  const message = page.getByRole('textbox', { name: 'Add comment' });
  await expect(send).toBeDisabled();
  await page.getByRole('switch', { name: 'External Comment' }).check({ force: true });
  await expect(page.getByRole('switch', { name: 'Internal Comment' })).toBeChecked();
  await message.fill(INTERNAL_NOTE);
  await send.click();
  await expect(page.getByText('Successfully added new comment')).toBeVisible();
  await expect(message).toHaveValue('');
  const internal = page.getByTestId('comment').filter({ hasText: INTERNAL_NOTE });
  await expect(internal).toContainText('internal', { ignoreCase: true });
  await expect(internal).toContainText('Ayesha Rahman');

  // The toggle is back on External after sending.
  await expect(page.getByRole('switch', { name: 'External Comment' })).not.toBeChecked();
  await message.fill(EXTERNAL_REPLY);
  await send.click();
  const external = page.getByTestId('comment').filter({ hasText: EXTERNAL_REPLY });
  await expect(external).toBeVisible();
  await expect(external.getByText('internal', { exact: true })).toHaveCount(0);
  await expect(page.getByText('In Progress').first()).toBeVisible();
});

test('the customer sees only the external comment, from customer support', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.customer, `/view-ticket?id=${ticketId}`);
  const external = page.getByTestId('comment').filter({ hasText: EXTERNAL_REPLY });
  await expect(external).toContainText('customer support');
  await expect(page.getByText(INTERNAL_NOTE)).toHaveCount(0);
  await expect(page.getByTestId('comment')).toHaveCount(1);
  // Customers write external comments only: no toggle.
  await expect(page.getByRole('switch')).toHaveCount(0);
});

test('the gallery opens full screen and moves with arrows, h/l, and closes with Escape or a click outside', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.customer, `/view-ticket?id=${ticketId}`);
  await page.getByRole('button', { name: 'Open attachment 1 of 2' }).click();
  const viewer = page.getByRole('dialog');
  const image = viewer.getByRole('img', { name: /^Attachment \d of 2$/ });
  await expect(image).toHaveAttribute('alt', 'Attachment 1 of 2');
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(320);
  await page.screenshot({ path: `${SHOTS}/gallery-viewer-desktop.png` });

  await page.keyboard.press('ArrowRight');
  await expect(image).toHaveAttribute('alt', 'Attachment 2 of 2');
  await page.keyboard.press('h');
  await expect(image).toHaveAttribute('alt', 'Attachment 1 of 2');
  await page.keyboard.press('l');
  await expect(image).toHaveAttribute('alt', 'Attachment 2 of 2');
  await page.keyboard.press('ArrowLeft');
  await expect(image).toHaveAttribute('alt', 'Attachment 1 of 2');
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(image).toHaveAttribute('alt', 'Attachment 2 of 2');
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, -200);
  await expect(image).toHaveAttribute('alt', 'Attachment 1 of 2');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // Focus goes back to the thumbnail that opened the viewer, not to the page's body.
  await expect(page.getByRole('button', { name: 'Open attachment 1 of 2' })).toBeFocused();

  await page.getByRole('button', { name: 'Open attachment 2 of 2' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Below the image, away from the buttons: the dark stage.
  await page.mouse.click(640, 780);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open attachment 2 of 2' })).toBeFocused();

  await page.getByRole('button', { name: 'Open attachment 1 of 2' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Close viewer' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open attachment 1 of 2' })).toBeFocused();
});

test('list filters survive a reload and come back from the navigation bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await page.getByRole('tab', { name: 'Customer tickets' }).click();
  await choose(page, 'Status', 'In Progress');
  await choose(page, 'Group', 'Internet');
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(page).toHaveURL(/issuer_user_type=customer/);
  const rows = page.getByTestId('ticket-row');
  await expect(rows.first()).toBeVisible();
  // The status badges (staff's rows carry priority, due-time and rating badges too).
  const statuses = rows.getByTestId('status-badge').locator('.mantine-Badge-label');
  for (const status of await statuses.allTextContents()) expect(status).toBe('In Progress');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('In Progress');
  await expect(page.getByRole('combobox', { name: 'Group', exact: true })).toHaveValue('Internet');
  await expect(page.getByRole('tab', { name: 'Customer tickets' })).toHaveAttribute('aria-selected', 'true');

  // The plain list address (nav bar, logo) brings back this session's filters.
  await page.goto('/tickets?page=1');
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('In Progress');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('');
  await expect(page.getByText(/^Showing 1-10 out of \d+$/)).toBeVisible();
});

test('screenshots of the list, the ticket and the form at desktop and phone widths', async ({ page }) => {
  for (const account of [DEMO.admin, DEMO.customer]) {
    const who = account === DEMO.admin ? 'staff' : 'customer';
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, account, '/tickets?page=1');
      await expect(page.getByTestId('ticket-row').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/list-${who}-${viewport.name}.png`, fullPage: true });
      await page.goto(`/view-ticket?id=${ticketId}`);
      await expect(page.getByTestId('comment').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/view-${who}-${viewport.name}.png`, fullPage: true });
      await page.goto('/add-ticket');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/create-${who}-${viewport.name}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/view-ticket?id=${ticketId}`);
  await page.getByRole('button', { name: 'Open attachment 1 of 2' }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: 'Attachment 1 of 2' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/gallery-viewer-phone.png` });
});
