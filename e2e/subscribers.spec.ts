/**
 * The subscriber directory (DESIGN.md §23): an admin adds an area through its dialog, imports a
 * small CSV with one bad row and reads the report (the bad row named by its line and reason), and
 * finds a subscriber by name. Staff then see the subscriber's card on a ticket of that number and
 * on the create form once the number is valid; a customer sees no card. Screens at 390 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Group } from '@switchboard/shared';
import { DEMO, signInAs, tokenFor } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = path.join(tmpdir(), 'switchboard-shots', 'subscribers');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const AREA = `E2E-${stamp}`.toUpperCase();
const ENTRY = `017${String(Date.now()).slice(-8)}`;
const OTHER = `018${String(Date.now()).slice(-8)}`;
const NAME = `Nusrat ${stamp}`;
// Not a demo area's name: the broadcast journey chooses the demo's Mirpur 10 by its name.
const AREA_NAME = `Pallabi ${stamp}`;

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 20_000 });

test('an admin adds an area, imports a CSV with a bad row, reads the report and finds the subscriber', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await page.locator('header').getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Areas' }).click();
  await expect(page).toHaveURL(/\/areas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Areas' })).toBeVisible();

  await page.getByRole('button', { name: 'Add area' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an area' });
  await dialog.getByRole('textbox', { name: /^Code/ }).fill(AREA);
  await dialog.getByRole('textbox', { name: /^Name in English/ }).fill(AREA_NAME);
  await dialog.getByRole('textbox', { name: /^Name in Bangla/ }).fill(`পল্লবী ${stamp}`);
  await dialog.getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'Internet' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: AREA });
  await expect(row).toContainText(AREA_NAME);
  await expect(row).toContainText('Internet');
  await shot(page, 'areas-desktop');

  await page.locator('header').getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Subscribers' }).click();
  await expect(page).toHaveURL(/\/subscribers\?page=1$/);
  const csv = [
    'number,name,area,plan,status,language',
    `${ENTRY},${NAME},${AREA},Home 20,active,bn`,
    `12345,Bad Number,${AREA},Home 20,active,bn`,
    `${OTHER},"Karim, Uddin",${AREA},Fibre 50,suspended,en`,
  ].join('\n');
  await page.locator('input[type="file"]').setInputFiles({ name: 'billing.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import' }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('2 subscribers stored, 1 rows refused');
  await expect(report.getByRole('row').filter({ hasText: 'Enter a mobile or product number' })).toContainText('3');
  await shot(page, 'import-desktop');

  await page.getByRole('textbox', { name: 'Search by number or name' }).fill(NAME);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole('row').filter({ hasText: NAME })).toContainText(`+88${ENTRY}`);
  await expect(page.getByRole('row').filter({ hasText: 'Karim' })).toHaveCount(0);
  await shot(page, 'search-desktop');

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('row').filter({ hasText: NAME })).toContainText('Active');
  await shot(page, 'search-phone');
  await page.goto('/areas');
  await expect(page.getByRole('row').filter({ hasText: AREA })).toContainText('2');
  await shot(page, 'areas-phone');

  // In Bangla: the screen's words and the area's Bangla name.
  await page.evaluate(() => localStorage.setItem('language', 'bn'));
  await page.goto(`/subscribers?q=${encodeURIComponent(NAME)}&page=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'গ্রাহক' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: NAME })).toContainText(`পল্লবী ${stamp}`);
  await shot(page, 'search-phone-bn');
  await page.setViewportSize(DESKTOP);
  await page.goto('/areas');
  await expect(page.getByRole('heading', { level: 1, name: 'এলাকা' })).toBeVisible();
  await shot(page, 'areas-desktop-bn');
  await page.evaluate(() => localStorage.removeItem('language'));
});

test("staff see the subscriber's card on a ticket of that number and on the create form", async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await tokenFor(page.request, DEMO.customer);
  const groups = (await (await page.request.get('/api/v1/groups')).json()) as { data: Group[] };
  const group = groups.data.find((candidate) => candidate.group_name === 'Internet') ?? groups.data[0];
  if (!group) throw new Error('no groups in the demo data');
  const issued = await page.request.post('/api/v1/tickets/issue-ticket', {
    headers: { authorization: `Bearer ${customer}` },
    data: {
      title: `No internet ${stamp}`,
      problematic_number: `88${ENTRY}`,
      description: 'The line has been down since the morning.',
      group_id: group._id,
      group_name: group.group_name,
      sub_group_id: group.sub_groups[0]?._id ?? null,
      sub_group_name: group.sub_groups[0]?.sub_group_en ?? null,
      issuer_user_type: 'customer',
    },
  });
  expect(issued.ok(), await issued.text()).toBe(true);
  const ticketId = ((await issued.json()) as { data: { ticket_id: number } }).data.ticket_id;

  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, `/view-ticket?id=${ticketId}`);
  const card = page.getByTestId('subscriber-card');
  await expect(card).toContainText(NAME);
  await expect(card).toContainText(AREA_NAME);
  await expect(card).toContainText('Home 20');
  await shot(page, 'card-desktop');
  await page.setViewportSize(PHONE);
  await expect(card).toBeVisible();
  await shot(page, 'card-phone');

  await page.setViewportSize(DESKTOP);
  await page.goto('/add-ticket');
  await page.getByLabel(/^Problematic Number/).fill(OTHER);
  await expect(page.getByTestId('subscriber-card')).toContainText('Karim, Uddin');
  await expect(page.getByTestId('subscriber-card')).toContainText('Suspended');
  await shot(page, 'create-form-desktop');

  // A customer sees the ticket, never the card.
  await signInAs(page, DEMO.customer, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: `No internet ${stamp}` })).toBeVisible();
  await expect(page.getByTestId('subscriber-card')).toHaveCount(0);
});
