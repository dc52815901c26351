/**
 * Report journeys: cc staff generate a workbook for a period, it opens in a new tab and in the
 * in-app viewer; the date rules of the form; other staff never see the screen.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/reports';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day (yyyy-MM-DD) in Dhaka, `offset` days from today. */
function dhakaDay(offset: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The label Mantine gives a day's button: "7 November 2026". */
function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The day's button in the open calendar, paging months until it shows. */
async function dayButton(page: Page, day: string) {
  const calendar = page.getByRole('dialog').last();
  await expect(calendar).toBeVisible();
  const button = calendar.locator(`button[aria-label="${dayLabel(day)}"]:not([data-outside])`);
  for (let paged = 0; paged < 3 && (await button.count()) === 0; paged++) {
    const shown = await calendar.getByRole('button', { name: 'Choose a month' }).textContent();
    const earlier = new Date(`${day}T00:00:00Z`) < new Date(`1 ${shown ?? ''} UTC`);
    await calendar.getByRole('button', { name: earlier ? 'Previous month' : 'Next month' }).click();
  }
  return button;
}

async function openPicker(page: Page, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
}

async function pickDay(page: Page, label: string, day: string) {
  await openPicker(page, label);
  await (await dayButton(page, day)).click();
}

test('cc staff generate a report for a period, it opens in a new tab and in the viewer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.admin, '/report');
  await expect(page.getByRole('heading', { name: 'Report' })).toBeVisible();
  await pickDay(page, 'Start date', dhakaDay(-14));
  await pickDay(page, 'End date', dhakaDay(0));

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Generate' }).click();
  await popup;

  const viewer = page.getByRole('region', { name: 'Report workbook' });
  await expect(viewer.getByRole('heading', { name: `tickets-${dhakaDay(-14)}-to-${dhakaDay(0)}.xlsx` })).toBeVisible();
  const tickets = viewer.getByRole('table', { name: 'Tickets' });
  await expect(tickets.getByRole('columnheader', { name: 'Forward Path' })).toBeVisible();
  // The demo desk has a few dozen tickets in the last ten days.
  await expect.poll(async () => tickets.locator('tbody tr').count()).toBeGreaterThan(10);
  await page.screenshot({ path: `${SHOTS}/report-viewer-desktop.png` });

  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download' }).click();
  baseExpect((await download).suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await viewer.getByRole('tab', { name: 'Summary' }).click();
  const summary = viewer.getByRole('table', { name: 'Summary' });
  await expect(summary.getByRole('cell', { name: 'Median time to resolve (hours)' })).toBeVisible();
  await expect(summary.getByRole('cell', { name: `${dhakaDay(-14)} to ${dhakaDay(0)}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-summary-desktop.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await viewer.getByRole('tab', { name: 'Tickets' }).click();
  await viewer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/report-viewer-phone.png` });
});

test('the dates: both required, no end before the start or after today, a new start clears the end', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.rs, '/report');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Choose a start date')).toBeVisible();
  await expect(page.getByText('Choose an end date')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-form-phone.png`, fullPage: true });

  await openPicker(page, 'Start date');
  await expect(await dayButton(page, dhakaDay(1))).toBeDisabled();
  await (await dayButton(page, dhakaDay(-3))).click();

  await openPicker(page, 'End date');
  await expect(await dayButton(page, dhakaDay(-4))).toBeDisabled();
  await expect(await dayButton(page, dhakaDay(1))).toBeDisabled();
  await (await dayButton(page, dhakaDay(-1))).click();
  const endField = page.getByRole('button', { name: 'End date', exact: true });
  await expect(endField).not.toHaveText('Pick a date');

  await pickDay(page, 'Start date', dhakaDay(-5));
  await expect(endField).toHaveText('Pick a date');
});

test('rs staff narrow a report to one user picked by name, and to a group', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.rs, '/report');
  await page.getByRole('combobox', { name: 'User', exact: true }).fill('Sadia');
  await page.getByRole('option', { name: /Sadia Karim/ }).click();
  await page.getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'Internet' }).click();
  await pickDay(page, 'Start date', dhakaDay(-14));
  await pickDay(page, 'End date', dhakaDay(0));
  await page.getByRole('button', { name: 'Generate' }).click();

  const viewer = page.getByRole('region', { name: 'Report workbook' });
  const tickets = viewer.getByRole('table', { name: 'Tickets' });
  await expect(tickets.locator('tbody tr').first()).toBeVisible();
  // Every row is the customer's, in the group.
  for (const issuer of await tickets.locator('tbody tr td:nth-of-type(11)').allTextContents())
    baseExpect(issuer).toBe('Sadia Karim');
  for (const group of await tickets.locator('tbody tr td:nth-of-type(5)').allTextContents()) baseExpect(group).toBe('Internet');
  await viewer.getByRole('tab', { name: 'Summary' }).click();
  await expect(viewer.getByRole('cell', { name: 'Sadia Karim (+8809638000007)' })).toBeVisible();
});

test('other staff are sent to the ticket list', async ({ page }) => {
  await signInAs(page, DEMO.iptsp, '/report');
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
});
