/**
 * Numbers, dates and subgroups as a Bangla reader meets them (DESIGN.md §16): every number on the
 * list, a ticket, the dashboard and the report in Latin digits, dates in the Bangla locale (the date
 * filters included, never the browser's mm/dd/yyyy), and the chosen group's subgroups read when the
 * group is chosen, with the spec's 'Failed to fetch subgroups' when that read fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openScreen } from './support/screens.ts';
import { DEMO, signInAs } from './support/session.ts';
import { openPublicForm } from './support/public-form.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

function catalog(language: string, folder: string): Record<string, string> {
  const file = path.join(import.meta.dirname, '../packages/shared/messages', language, 'web', `${folder}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const tickets = catalog('bn', 'features/tickets');
const SHOTS = '.screenshots/bangla-formats';
const BENGALI = /[\u0980-\u09FF]/;
/** The Bengali digits ০–৯. */
const BENGALI_DIGITS = /[\u09E6-\u09EF]+/g;

async function inBangla(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('language', 'bn'));
}

/** The page's text with its fields' values and placeholders: everything a reader sees. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const fields = [...document.querySelectorAll<HTMLInputElement>('input, textarea')].map(
      (field) => `${field.value} ${field.placeholder}`,
    );
    return `${document.body.innerText}\n${fields.join('\n')}`;
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const) {
  test(`every number reads in Latin digits in Bangla at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await inBangla(page);
    await signInAs(page, DEMO.admin);
    for (const screen of ['/tickets?page=1', 'view', '/dashboard', '/report', '/audit']) {
      await openScreen(page, screen);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
      // Dates are shown: the month's name in Bangla, with the digits of every other number.
      await expect(page.locator('main')).toContainText(BENGALI);
      await page.waitForTimeout(300);
      expect((await visibleText(page)).match(BENGALI_DIGITS) ?? [], `${screen}: Bengali digits`).toEqual([]);
      const name = screen.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
      await page.screenshot({ path: `${SHOTS}/${name}-bn-${viewport.width}.png`, fullPage: true });
    }
  });
}

test('the date filters show days in the Bangla locale and keep yyyy-MM-DD in the address', async ({ page }) => {
  await inBangla(page);
  await signInAs(page, DEMO.admin);
  const start = page.getByRole('button', { name: tickets.startDate, exact: true });
  await expect(start).toBeVisible();
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  await start.click();
  await page
    .getByRole('dialog')
    .last()
    .locator('button[data-today], button:not([data-outside]):not([data-disabled])[aria-label]')
    .last()
    .click();
  await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}/);
  const day = /start_date=(\d{4})-(\d{2})-(\d{2})/.exec(page.url());
  if (!day) throw new Error('no start date in the address');
  const shown = new Intl.DateTimeFormat('bn-BD-u-nu-latn', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))));
  await expect(start).toHaveText(shown);
  expect(shown).toMatch(BENGALI);
  expect(shown).not.toMatch(BENGALI_DIGITS);
  // A reload keeps the day and shows it the same way.
  await page.reload();
  await expect(page.getByRole('button', { name: tickets.startDate, exact: true })).toHaveText(shown);
});

test('choosing a group reads its subgroups, and a failed read says so in the words of the spec', async ({ page }) => {
  await openPublicForm(page);
  const read = page.waitForRequest((request) => /\/api\/v1\/groups\/[^/]+\/subgroups$/.test(request.url()));
  await page.getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'Internet' }).click();
  await read;
  await page.getByRole('combobox', { name: 'Subgroup', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Slow speed (ধীর গতি)' })).toBeVisible();

  await page.route(/\/api\/v1\/groups\/[^/]+\/subgroups$/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error","code":"internal"}' }),
  );
  await openPublicForm(page);
  await page.getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'Internet' }).click();
  await expect(page.getByText('Failed to fetch subgroups')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/subgroups-failed-en-1280.png` });
});
