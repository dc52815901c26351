/**
 * Working calendars (DESIGN.md §26): an admin creates a calendar, adds a holiday, and sets a
 * department's service level to count in it; the due times follow in the background.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '/tmp';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NAME = `Night desk ${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

test('an admin creates a calendar, adds a holiday and sets a department on it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/calendars');
  await expect(page.getByRole('heading', { name: 'Working calendars', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sunday–Thursday 9–17' })).toBeVisible();

  await page.getByRole('button', { name: 'New calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'New working calendar' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(NAME);
  // Saturday gains evening hours; Thursday's are removed.
  await dialog.getByRole('button', { name: 'Add hours to Saturday' }).click();
  await dialog.getByRole('textbox', { name: 'Saturday Until' }).fill('13:00');
  await dialog.getByRole('button', { name: 'Remove Thursday 09:00–17:00' }).click();
  await page.screenshot({ path: `${SHOTS}/calendars-dialog-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('region', { name: NAME });
  await expect(card).toContainText('09:00–13:00');
  await card.getByRole('button', { name: 'Holidays' }).click();
  const holidays = page.getByRole('dialog', { name: `Holidays of ${NAME}` });
  await holidays.getByLabel('Date').fill('2030-12-16');
  await holidays.getByRole('textbox', { name: 'Name' }).fill('Victory Day');
  await holidays.getByRole('button', { name: 'Add holiday' }).click();
  await expect(holidays.getByRole('cell', { name: 'Victory Day', exact: true })).toBeVisible();
  await holidays.getByRole('button', { name: 'Close' }).last().click();
  await expect(card).toContainText('1 holiday');
  await page.screenshot({ path: `${SHOTS}/calendars-list-desktop.png`, fullPage: true });

  await page.goto('/service-levels');
  const rs = page.getByRole('form', { name: 'Retail Sales' });
  await rs
    .getByRole('textbox', { name: 'Working calendar' })
    .or(rs.getByRole('combobox', { name: 'Working calendar' }))
    .click();
  await page.getByRole('option', { name: NAME }).click();
  await rs.getByRole('button', { name: 'Save Retail Sales' }).click();
  await expect(page.getByText('Service levels of Retail Sales saved')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/calendars-service-levels-desktop.png`, fullPage: true });

  await page.goto('/calendars');
  await expect(page.getByRole('region', { name: NAME })).toContainText('Used by: Retail Sales');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('region', { name: NAME })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/calendars-list-phone.png`, fullPage: true });
  await page.getByRole('button', { name: `Edit ${NAME}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit working calendar' })).toBeVisible();
  // The modal fades in: the picture is taken once it has.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/calendars-dialog-phone.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  await page.goto('/service-levels');
  await expect(page.getByRole('form', { name: 'Retail Sales' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/calendars-service-levels-phone.png`, fullPage: true });

  // Back to Always, as the other journeys expect the levels.
  await page.setViewportSize(DESKTOP);
  const again = page.getByRole('form', { name: 'Retail Sales' });
  await again
    .getByRole('combobox', { name: 'Working calendar' })
    .or(again.getByRole('textbox', { name: 'Working calendar' }))
    .click();
  await page.getByRole('option', { name: 'Always' }).click();
  await again.getByRole('button', { name: 'Save Retail Sales' }).click();
  await expect(page.getByText('Service levels of Retail Sales saved')).toBeVisible();
});
