/**
 * The audit log (DESIGN.md §17): an admin raises a ticket, opens Audit log from the Admin menu,
 * filters by action and target and finds the row, with who did it and from where; at desktop and
 * phone widths, and axe finds nothing to fault.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/audit';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const TITLE = `Audit journey ticket ${Date.now().toString(36)}`;

async function expectNoAxeViolations(page: Page): Promise<void> {
  // Mantine fades content in; axe measures colours as they are on screen.
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))).toEqual(
    [],
  );
}

test('an admin raises a ticket and finds its row in the audit log', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const ticketId = await issueTicketAs(page.request, await tokenFor(page.request, DEMO.admin), TITLE);
  await signInAs(page, DEMO.admin, '/tickets?page=1');

  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Admin' }).click();
  await expect(nav.getByRole('menuitem', { name: 'Audit log' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-menu-desktop.png`, clip: { x: 0, y: 0, width: 1280, height: 260 } });
  await nav.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: 'Action', exact: true }).click();
  await page.getByRole('option', { name: 'Created a ticket (ticket.create)' }).click();
  await page.getByRole('textbox', { name: 'Target' }).fill(`ticket:${ticketId}`);
  const row = page.getByRole('row').filter({ hasText: `ticket:${ticketId}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ayesha Rahman');
  await expect(row).toContainText('Created a ticket');
  await expect(row).toContainText('127.0.0.1');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/audit-filtered-desktop.png`, fullPage: true });

  // Sign-ins are rows too: the admin's own is among them.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('combobox', { name: 'Action', exact: true }).click();
  await page.getByRole('option', { name: 'Signed in (auth.login)' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Ayesha Rahman' }).first()).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action', exact: true }).click();
  await page.getByRole('option', { name: 'Created a ticket (ticket.create)' }).click();
  await page.getByRole('textbox', { name: 'Target' }).fill(`ticket:${ticketId}`);
  const card = page.getByRole('listitem').filter({ hasText: `ticket:${ticketId}` });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Created a ticket');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/audit-filtered-phone.png`, fullPage: true });
});

test('a moderator has no audit log', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.moderator, '/audit');
  await expect(page).toHaveURL(/\/tickets/);
  await page.getByRole('banner').getByRole('button', { name: 'Admin' }).click();
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Group' })).toBeVisible();
});
