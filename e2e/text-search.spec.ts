/**
 * Text search (DESIGN.md §19): staff find a ticket by a word of a comment and by part of a Bangla
 * word; the customer finds theirs by words of the title in any order, and never by a word that is
 * only in an internal note.
 * Desktop and phone widths.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/text-search';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const RUN = Date.now().toString(36);
/** Words of this run only, so that earlier runs' tickets do not match. */
const PUBLIC_WORD = `splicebox${RUN}`;
const INTERNAL_WORD = `fieldcrew${RUN}`;
const TITLE = `Fibre line cut near the market ${RUN}`;
const BANGLA_TITLE = `রাউটারের বাতি জ্বলছে না ${RUN}`;

async function comment(request: APIRequestContext, token: string, ticketId: number, message: string, internal = false) {
  const reply = await request.post('/api/v1/tickets/add-comment', {
    headers: { authorization: `Bearer ${token}` },
    data: { ticket_id: ticketId, message, is_internal: internal },
  });
  if (!reply.ok()) throw new Error(`add-comment: ${reply.status()} ${await reply.text()}`);
}

/** The session token of `entry`, signed in on the page (one sign-in per account and run). */
async function tokenOf(page: Page, entry: string): Promise<string> {
  await signInAs(page, entry, '/tickets?page=1');
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  if (!token) throw new Error('no token');
  return token;
}

async function searchText(page: Page, text: string) {
  await page.getByLabel('Search text').fill(text);
  // Typing searches by itself after the debounce, and the URL keeps the text.
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

test('staff find a ticket by a comment, the customer not by an internal note, Bangla by part of a word, words in any order', async ({
  page,
}) => {
  const customer = await tokenOf(page, DEMO.customer);
  const staff = await tokenOf(page, DEMO.admin);
  const ticketId = await issueTicketAs(page.request, customer, TITLE, 'The line went dead this morning.');
  await comment(page.request, staff, ticketId, `A technician will bring a ${PUBLIC_WORD} tomorrow.`);
  await comment(page.request, staff, ticketId, `Send the ${INTERNAL_WORD} before noon.`, true);
  const banglaId = await issueTicketAs(page.request, customer, BANGLA_TITLE, 'সকাল থেকে ইন্টারনেট নেই।');

  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin);
  await searchText(page, PUBLIC_WORD);
  const rows = page.getByTestId('ticket-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(String(ticketId));
  await searchText(page, INTERNAL_WORD);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(String(ticketId));

  // Part of a Bangla word in the title, marked in the row.
  await searchText(page, 'রাউটা');
  const banglaRow = rows.filter({ hasText: String(banglaId) });
  await expect(banglaRow).toBeVisible();
  await expect(banglaRow.locator('mark').first()).toHaveText('রাউটা');
  await page.screenshot({ path: `${SHOTS}/staff-bangla-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(banglaRow.locator('mark').first()).toHaveText('রাউটা');
  await page.screenshot({ path: `${SHOTS}/staff-bangla-phone.png`, fullPage: true });

  // A reload keeps the search.
  await page.reload();
  await expect(page.getByLabel('Search text')).toHaveValue('রাউটা');

  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.customer);
  await searchText(page, PUBLIC_WORD);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(String(ticketId));
  // Every word of the text, in any order, each marked.
  await searchText(page, `line ${RUN} fibre`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('mark')).toHaveText(['Fibre', 'line']);
  await page.screenshot({ path: `${SHOTS}/customer-desktop.png`, fullPage: true });
  await searchText(page, INTERNAL_WORD);
  await expect(page.getByText('No tickets found.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/customer-internal-word-phone.png`, fullPage: true });
});
