/**
 * Live updates (DESIGN.md §15) between two people in two browsers: a staff reply appears in the
 * customer's open ticket view without a reload while the customer's half-written comment stays,
 * an internal note never reaches the customer, and a ticket raised meanwhile shows on staff's list
 * as "1 new ticket — show" instead of moving the rows.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });
// What "at once" means here: the event, the refetch and the render, on a busy machine.
const LIVE = { timeout: 5000 };

const SHOTS = '.screenshots/live-updates';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

/** A page of its own browser context (its own storage: another person), signed in, with its stream open. */
async function personAt(browser: Browser, entry: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/events') && response.ok());
  await signInAs(page, entry, path);
  await streamOpened;
  return page;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('jwt_token') ?? '');
const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Add comment' });

type WithMark = Window & { __read?: Element | null };

/** Marks the element read near the top of the screen (below the sticky header); returns its top. */
function markWhatIsRead(): number {
  const read = document.elementFromPoint(window.innerWidth / 2, 120);
  (window as WithMark).__read = read;
  return read?.getBoundingClientRect().top ?? Number.NaN;
}

test('a staff reply appears in the customer’s open ticket, the half-written comment stays, an internal note never shows', async ({
  browser,
}) => {
  const serial = Date.now() % 100_000;
  const title = `Live ${serial} no internet`;
  const note = `Internal ${serial}: the cabinet on road 7 lost power`;
  const reply = `Reply ${serial}: a technician is on the way`;
  const draft = `I checked the cable and the lights are`;

  const customer = await personAt(browser, DEMO.customer, '/tickets?page=1');
  const ticketId = await issueTicketAs(customer.request, await tokenOf(customer), title);
  const streamOpened = customer.waitForResponse((response) => response.url().endsWith('/api/v1/events'));
  await customer.goto(`/view-ticket?id=${ticketId}`);
  await expect(customer.getByRole('heading', { name: title })).toBeVisible();
  // The list's stream ended with the page; this page opened its own.
  await streamOpened;
  // On a short phone screen the box is below the fold: the customer has scrolled down to it.
  await customer.setViewportSize({ ...PHONE, height: 360 });
  await commentBox(customer).fill(draft);
  await commentBox(customer).scrollIntoViewIfNeeded();
  expect(await customer.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const readingTop = await customer.evaluate(markWhatIsRead);

  const staff = await personAt(browser, DEMO.admin, `/view-ticket?id=${ticketId}`);
  await expect(staff.getByRole('heading', { name: title })).toBeVisible();
  await staff.getByRole('switch', { name: 'External Comment' }).check({ force: true });
  await commentBox(staff).fill(note);
  await staff.getByRole('button', { name: 'Send' }).click();
  await expect(staff.getByTestId('comment').filter({ hasText: note })).toBeVisible();
  await expect(staff.getByRole('switch', { name: 'External Comment' })).not.toBeChecked();
  await commentBox(staff).fill(reply);
  await staff.getByRole('button', { name: 'Send' }).click();

  const shown = customer.getByTestId('comment').filter({ hasText: reply });
  await expect(shown).toBeVisible(LIVE);
  await expect(shown).toContainText('customer support');
  await expect(customer.getByText('In Progress').first()).toBeVisible(LIVE);
  await expect(customer.getByText(note)).toHaveCount(0);
  await expect(commentBox(customer)).toHaveValue(draft);
  await expect(commentBox(customer)).toBeFocused();
  // The page did not move: what was read at the top of the screen stays where it was (content may
  // grow elsewhere, the number's history with the reply, say), the new comment lands above the box.
  const readingTopNow = await customer.evaluate(() => (window as WithMark).__read?.getBoundingClientRect().top);
  expect(Math.abs((readingTopNow ?? Infinity) - readingTop)).toBeLessThanOrEqual(2);
  await expect(commentBox(customer)).toBeInViewport();
  await customer.screenshot({ path: `${SHOTS}/reply-arrived-phone.png` });
  await customer.setViewportSize(DESKTOP);
  await customer.screenshot({ path: `${SHOTS}/reply-arrived-desktop.png`, fullPage: true });

  // Nothing of the note reached the customer, not even after a reload.
  await customer.reload();
  await expect(customer.getByTestId('comment').filter({ hasText: reply })).toBeVisible();
  await expect(customer.getByText(note)).toHaveCount(0);
  await customer.context().close();
  await staff.context().close();
});

test('staff’s list says "1 new ticket — show" when a customer raises one, and shows it on request', async ({ browser }) => {
  const staff = await personAt(browser, DEMO.admin, '/tickets?page=1');
  const rows = staff.getByTestId('ticket-row');
  await expect(rows.first()).toBeVisible();
  const firstBefore = await rows.first().textContent();

  const customer = await personAt(browser, DEMO.customer, '/tickets?page=1');
  const ticketId = await issueTicketAs(customer.request, await tokenOf(customer), `Live ${Date.now() % 100_000} slow speed`);

  const pill = staff.getByRole('button', { name: '1 new ticket — show' });
  await expect(pill).toBeVisible(LIVE);
  // The rows stayed where they were, under the user's cursor.
  await expect(rows.first()).toHaveText(firstBefore ?? '');
  await expect(rows.filter({ hasText: String(ticketId) })).toHaveCount(0);
  await staff.screenshot({ path: `${SHOTS}/new-tickets-pill-desktop.png` });
  await staff.setViewportSize(PHONE);
  await staff.evaluate(() => window.scrollTo(0, 600));
  await staff.screenshot({ path: `${SHOTS}/new-tickets-pill-phone.png` });
  await staff.setViewportSize(DESKTOP);

  await pill.click();
  await expect(rows.filter({ hasText: String(ticketId) })).toBeVisible();
  await expect(pill).toHaveCount(0);
  await staff.screenshot({ path: `${SHOTS}/new-tickets-shown-desktop.png` });
  await customer.context().close();
  await staff.context().close();
});
