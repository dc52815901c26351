/**
 * Telling an area before it calls (DESIGN.md §23): staff set an incident's areas, open "Tell the
 * area", see how many subscribers it reaches and how long it takes at the gateway's rate, confirm,
 * and watch the progress reach done. The demo data has the areas and their subscribers (one of each
 * area suspended and one opted out). English on a desktop, Bangla on a phone.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { IncidentReply } from '@switchboard/shared';
import { DEMO, signInAs, tokenFor } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.SHOTS_DIR ?? '.screenshots/broadcasts';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

async function newIncident(page: Page, title: string): Promise<number> {
  const token = await tokenFor(page.request, DEMO.rs);
  const reply = await page.request.post('/api/v1/incidents', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, public_note: 'A fibre cut affects Mirpur 10; engineers are on site.' },
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as IncidentReply).data.id;
}

async function chooseArea(page: Page, label: string, filterLabel: string, name: string) {
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.getByLabel(filterLabel).fill(name);
  await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
  return dialog;
}

test('staff set an incident’s areas, tell the area and watch the broadcast finish', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const id = await newIncident(page, `Fibre cut in Mirpur ${stamp}`);
  await signInAs(page, DEMO.admin, `/incidents/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fibre cut in Mirpur ${stamp}`);
  await expect(page.getByRole('button', { name: 'Tell the area' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Change areas' }).click();
  const areas = await chooseArea(page, 'Areas of this incident', 'Find an area', 'Mirpur 10');
  await page.screenshot({ path: `${SHOTS}/areas-en-desktop.png` });
  await areas.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('incident-areas')).toHaveText('Mirpur 10');

  await page.getByRole('button', { name: 'Tell the area' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell the area by SMS' });
  await expect(dialog.getByTestId('broadcast-preview')).toHaveText('238 subscribers, about 1 minute at 40 SMS a second');
  await expect(dialog.getByLabel('Message in English')).toHaveValue('A fibre cut affects Mirpur 10; engineers are on site.');
  await dialog.getByLabel('Message in Bangla').fill('মিরপুর ১০-এ ফাইবার কাটা পড়েছে; প্রকৌশলীরা কাজ করছেন।');
  await page.screenshot({ path: `${SHOTS}/dialog-en-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Sending to 238 subscribers')).toBeVisible();

  const row = page.getByTestId('broadcast-row');
  await expect(row.getByRole('button', { name: 'Cancel sending' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sending-en-desktop.png` });
  await expect(row.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('0 queued · 238 sent · 0 failed · 0 delivered')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel sending' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/done-en-desktop.png`, fullPage: true });

  // The same kind again reaches nobody: the dialog says so before Confirm.
  await page.getByRole('button', { name: 'Tell the area' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Tell the area by SMS' })
      .getByText('Every subscriber of these areas has had this kind of message already.'),
  ).toBeVisible();
});

test('in Bangla on a phone: the areas by their Bangla names and the count', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => localStorage.setItem('language', 'bn'));
  const id = await newIncident(page, `Uttara outage ${stamp}`);
  await signInAs(page, DEMO.admin, `/incidents/${id}`);
  await page.getByRole('button', { name: 'এলাকা বদলান' }).click();
  const areas = await chooseArea(page, 'এই ঘটনার এলাকা', 'এলাকা খুঁজুন', 'উত্তরা সেক্টর');
  await areas.getByRole('button', { name: /নিশ্চিত/ }).click();
  await expect(page.getByTestId('incident-areas')).toHaveText('উত্তরা সেক্টর ৪');
  await page.getByRole('button', { name: 'এলাকাকে জানান' }).click();
  const dialog = page.getByRole('dialog', { name: 'এলাকাকে এসএমএসে জানান' });
  await expect(dialog.getByTestId('broadcast-preview')).toContainText('118');
  await page.screenshot({ path: `${SHOTS}/dialog-bn-phone.png` });
  await dialog.getByRole('button', { name: /বন্ধ/ }).click();
  await page.screenshot({ path: `${SHOTS}/incident-bn-phone.png`, fullPage: true });
});
