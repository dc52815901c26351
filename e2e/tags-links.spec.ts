/**
 * Tags and related tickets (DESIGN.md §27): staff tag a customer's ticket with a tag already in use
 * (offered as they type), find it with the list's Tag filter (a reload keeps it), link two tickets
 * and see the link on both views, then remove it. The customer sees neither tags nor links.
 * Desktop and phone widths.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.E2E_SHOTS ?? '.screenshots/tags-links';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const STAMP = Date.now().toString(36);
const TAG = `onu swap ${STAMP}`;
const FIRST = `ONU swapped, still no light ${STAMP}`;
const SECOND = `Same building, fibre down ${STAMP}`;

/** Both widths of the current page; nothing may be wider than the phone's screen. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wider, `${name} is wider than the phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

const ids = { first: 0, second: 0 };

test.describe.configure({ mode: 'serial' });

test('staff tag a ticket with a tag in use and find it with the Tag filter, after a reload too', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const customer = await tokenFor(page.request, DEMO.customer);
  ids.first = await issueTicketAs(
    page.request,
    customer,
    FIRST,
    'Technician swapped the ONU yesterday; the PON light is still red.',
  );
  ids.second = await issueTicketAs(page.request, customer, SECOND, 'The whole building lost the fibre this morning.');
  // A tag in use on another ticket, so that it is offered.
  const earlier = await issueTicketAs(page.request, customer, `Earlier complaint ${STAMP}`);
  const admin = await tokenFor(page.request, DEMO.admin);
  const seeded = await page.request.put(`/api/v1/tickets/${earlier}/tags`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { tags: [TAG] },
  });
  expect(seeded.ok()).toBe(true);

  await signInAs(page, DEMO.admin, `/view-ticket?id=${ids.first}`);
  await expect(page.getByRole('heading', { name: FIRST })).toBeVisible();
  const tags = page.getByRole('region', { name: 'Tags' });
  await expect(tags.getByText('No tags yet.')).toBeVisible();
  await tags.getByRole('textbox', { name: 'Add a tag' }).fill(`ONU SWAP ${STAMP.slice(0, 3)}`);
  const offered = tags.getByRole('group', { name: 'Tags in use' });
  await offered.getByRole('button', { name: `${TAG} · 1` }).click();
  await expect(page.getByText('The tags are saved.')).toBeVisible();
  await expect(tags.getByRole('list', { name: 'Tags' }).getByText(TAG)).toBeVisible();
  await expect(tags.getByRole('textbox', { name: 'Add a tag' })).toHaveValue('');
  // A tag of one's own, typed and ended with Enter; markup stays text.
  await tags.getByRole('textbox', { name: 'Add a tag' }).fill('<b>vip</b>');
  await page.keyboard.press('Enter');
  await expect(tags.getByRole('list', { name: 'Tags' }).getByText('<b>vip</b>')).toBeVisible();

  await page.goto('/tickets?page=1');
  const filter = page.getByRole('textbox', { name: 'Tag' }).or(page.getByRole('combobox', { name: 'Tag' }));
  await filter.click();
  await filter.fill(TAG.slice(0, 12));
  await page.getByRole('option', { name: TAG }).click();
  await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(TAG).replace(/%20/g, '(%20|\\+)')}`));
  const rows = page.getByTestId('ticket-row');
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: String(ids.first) });
  await expect(row.getByTestId('ticket-tags')).toContainText(TAG);

  await page.reload();
  await expect(filter).toHaveValue(TAG);
  await expect(rows).toHaveCount(2);
  await expect(row).toBeVisible();
  await shoot(page, 'list-by-tag');
});

test('staff link two tickets, see the link on both views, and remove it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, `/view-ticket?id=${ids.first}`);
  const related = page.getByRole('region', { name: 'Related tickets' });
  await expect(related.getByText('No related tickets yet.')).toBeVisible();
  const field = related.getByRole('textbox', { name: 'Link a ticket' });
  await field.fill('abc');
  await page.keyboard.press('Enter');
  await expect(related.getByText('Ticket id is a number')).toBeVisible();
  await field.fill(String(ids.second));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Ticket #${ids.second} is linked.`)).toBeVisible();
  await expect(related.getByRole('link', { name: `#${ids.second}` })).toBeVisible();
  await expect(related.getByText(SECOND)).toBeVisible();
  await shoot(page, 'view-linked');

  await related.getByRole('link', { name: `#${ids.second}` }).click();
  await expect(page.getByRole('heading', { name: SECOND })).toBeVisible();
  const back = page.getByRole('region', { name: 'Related tickets' });
  await expect(back.getByRole('link', { name: `#${ids.first}` })).toBeVisible();
  await back.getByRole('button', { name: `Remove link to ticket #${ids.first}` }).click();
  await expect(back.getByText('No related tickets yet.')).toBeVisible();

  await page.goto(`/view-ticket?id=${ids.first}`);
  await expect(page.getByRole('region', { name: 'Related tickets' }).getByText('No related tickets yet.')).toBeVisible();
});

test('the customer sees neither tags nor links', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // Linked again, so that there is something the customer must not see.
  const admin = await tokenFor(page.request, DEMO.admin);
  const linked = await page.request.post(`/api/v1/tickets/${ids.first}/links`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { ticket_id: ids.second },
  });
  expect(linked.ok()).toBe(true);
  await signInAs(page, DEMO.customer, `/view-ticket?id=${ids.first}`);
  await expect(page.getByRole('heading', { name: FIRST })).toBeVisible();
  await expect(page.getByText('Technician swapped the ONU')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tags' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Related tickets' })).toHaveCount(0);
  await expect(page.getByText(TAG, { exact: true })).toHaveCount(0);
  await shoot(page, 'customer-view');

  await page.goto(`/tickets?page=1&tag=${encodeURIComponent(TAG)}`);
  await expect(page.getByTestId('ticket-row').filter({ hasText: String(ids.first) })).toBeVisible();
  await expect(page.getByTestId('ticket-tags')).toHaveCount(0);
});
