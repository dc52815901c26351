/**
 * Status by number before a ticket (DESIGN.md §23): a monitoring alarm opens an incident of the
 * demo area Mirpur (the rule names the area); on a phone, in English and in Bangla, the public page
 * asks for the number first, tells a Mirpur subscriber of the known outage with "Report anyway",
 * which goes on to the form with the number filled in; an Uttara number goes straight to the form.
 */
import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, tokenFor } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/outage-status';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const stamp = Date.now().toString(36);
/** Demo subscribers (apps/server/src/db/seed-subscribers.ts): Mirpur and Uttara. */
const MIRPUR = '01711000001';
const UTTARA = '01711000003';
const NOTE = `Fibre cut near Mirpur 10 (${stamp}); engineers are on site.`;

mkdirSync(SHOTS, { recursive: true });
test.describe.configure({ mode: 'serial' });

/** An incident of the area DHK-MIRPUR, opened by a firing alarm that a rule of this run routes there. */
async function openMirpurOutage(request: APIRequestContext): Promise<void> {
  const admin = { authorization: `Bearer ${await tokenFor(request, DEMO.admin)}` };
  const groups = (await (await request.get('/api/v1/groups')).json()) as { data: { _id: string; group_name: string }[] };
  const internet = groups.data.find((group) => group.group_name === 'Internet');
  const rule = await request.post('/api/v1/alarm-rules', {
    headers: admin,
    data: {
      name: `Mirpur ${stamp}`,
      matchers: [{ name: 'run', op: '=', value: stamp }],
      group_id: internet?._id,
      area_codes: ['DHK-MIRPUR'],
      public_note_template: NOTE,
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const client = await request.post('/api/v1/api-clients', {
    headers: admin,
    data: { name: `Monitoring ${stamp}`, department: 'cc', scopes: ['alarms:write'] },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { token } = (await client.json()) as { token: string };
  const alarm = await request.post('/api/v1/alarms/generic', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      alarms: [
        {
          source: 'zabbix',
          key: `mirpur-${stamp}`,
          status: 'firing',
          severity: 'critical',
          summary: 'OLT down',
          labels: { run: stamp },
        },
      ],
    },
  });
  expect(alarm.ok(), await alarm.text()).toBe(true);
}

async function checkNumber(page: Page, labels: { number: RegExp; check: string }, number: string) {
  await page.goto('/create-ticket');
  await page.getByRole('textbox', { name: labels.number }).fill(number);
  await page.getByRole('button', { name: labels.check, exact: true }).click();
}

/** Nothing may be wider than the screen. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.beforeAll(async ({ request }) => {
  await openMirpurOutage(request);
});

test('on a phone in English, a Mirpur number is told of the outage and may report anyway', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/create-ticket');
  await expect(page.getByRole('heading', { name: 'Check your number' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/check-en-390.png`, fullPage: true });
  await checkNumber(page, { number: /^Number with the problem/, check: 'Check' }, MIRPUR);
  await expect(
    page.getByText(/We know about an outage in your area since \d{1,2}:\d{2}\. You don't need to report it\./),
  ).toBeVisible();
  await expect(page.getByText(NOTE)).toBeVisible();
  await expectNoSidewaysScroll(page, PHONE.width);
  await page.screenshot({ path: `${SHOTS}/outage-en-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Report anyway' }).click();
  await expect(page.getByRole('heading', { name: 'Create Ticket' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Problematic Number' })).toHaveValue(MIRPUR);
  await page.screenshot({ path: `${SHOTS}/form-after-report-anyway-en-390.png`, fullPage: true });
});

test('on a phone in Bangla, the same answer and the same way on', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'bn'));
  await page.setViewportSize(PHONE);
  await checkNumber(page, { number: /^যে নম্বরে সমস্যা/, check: 'যাচাই করুন' }, MIRPUR);
  await expect(page.getByText(/থেকে আপনার এলাকায় বিভ্রাটের কথা আমরা জানি। আপনাকে অভিযোগ করতে হবে না।/)).toBeVisible();
  await expect(page.getByText(NOTE)).toBeVisible();
  await expectNoSidewaysScroll(page, PHONE.width);
  await page.screenshot({ path: `${SHOTS}/outage-bn-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'তবুও অভিযোগ করুন' }).click();
  await expect(page.locator('input[inputmode="tel"]')).toHaveValue(MIRPUR);
  await page.screenshot({ path: `${SHOTS}/form-after-report-anyway-bn-390.png`, fullPage: true });
});

test('a number without a known outage goes straight on to the form, at 1280 px too', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/create-ticket');
  await page.screenshot({ path: `${SHOTS}/check-en-1280.png`, fullPage: true });
  await checkNumber(page, { number: /^Number with the problem/, check: 'Check' }, MIRPUR);
  await expect(page.getByText(/We know about an outage in your area/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/outage-en-1280.png`, fullPage: true });

  await checkNumber(page, { number: /^Number with the problem/, check: 'Check' }, UTTARA);
  await expect(page.getByRole('heading', { name: 'Create Ticket' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Problematic Number' })).toHaveValue(UTTARA);
  await expect(page.getByText(/We know about an outage/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/form-no-outage-en-1280.png`, fullPage: true });
});
