/**
 * Who else is on a ticket (DESIGN.md §27) between two staff members in two browsers: each sees the
 * other viewing, then replying; a reply sent by one while the other has half a reply written is
 * shown to the other when they send, with their draft kept and "Send anyway"; closing a page takes
 * its person off the other's line at once.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });
// The presence call, the event, the other's read and the render, on a busy machine (a state settles for 1 s first).
const LIVE = { timeout: 8000 };

const SHOTS = '.screenshots/presence';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const ADMIN = 'Ayesha Rahman';
const MODERATOR = 'Tanvir Hossain';

/** A page of its own browser context (another person), signed in on the ticket, with its stream open. */
async function staffOn(browser: Browser, entry: string, ticketId: number, title: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/events') && response.ok());
  await signInAs(page, entry, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await streamOpened;
  return page;
}

const presenceLine = (page: Page) => page.getByRole('status', { name: 'Who else is on this ticket' });
const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Add comment' });

test('two staff members see each other on a ticket, and a reply sent meanwhile is shown before the other is sent', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const serial = Date.now() % 100_000;
  const title = `Presence ${serial} router keeps restarting`;
  const fromB = `Reply ${serial} from the moderator: the line was reset`;
  const fromA = `Reply ${serial} from the admin: please restart the router once more`;

  const ticketId = await issueTicketAs(request, await tokenFor(request, DEMO.customer), title);

  const a = await staffOn(browser, DEMO.admin, ticketId, title);
  await expect(presenceLine(a)).toHaveText('');
  const b = await staffOn(browser, DEMO.moderator, ticketId, title);

  // Each sees the other: B from its own first call, A from the event B's coming published.
  await expect(presenceLine(b)).toHaveText(`${ADMIN} is viewing`, LIVE);
  await expect(presenceLine(a)).toHaveText(`${MODERATOR} is viewing`, LIVE);
  await a.screenshot({ path: `${SHOTS}/viewing-desktop.png` });

  // B starts writing: A sees B replying.
  await commentBox(b).fill('Checking the line');
  await expect(presenceLine(a)).toHaveText(`${MODERATOR} is replying`, LIVE);

  // A writes half a reply; meanwhile B sends theirs.
  await commentBox(a).fill(fromA);
  await expect(presenceLine(b)).toHaveText(`${ADMIN} is replying`, LIVE);
  await commentBox(b).fill(fromB);
  await b.getByRole('button', { name: 'Send' }).click();
  await expect(b.getByTestId('comment').filter({ hasText: fromB })).toBeVisible();

  // A sends what A wrote: refused, B's reply shows, the draft stays, and the form asks.
  await a.getByRole('button', { name: 'Send', exact: true }).click();
  const notice = a.getByRole('alert').filter({ hasText: 'Somebody else replied' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Somebody else wrote on this ticket after you opened it.');
  await expect(a.getByTestId('comment').filter({ hasText: fromB })).toBeVisible();
  await expect(commentBox(a)).toHaveValue(fromA);
  await expect(a.getByTestId('comment').filter({ hasText: fromA })).toHaveCount(0);
  await a.screenshot({ path: `${SHOTS}/replied-meanwhile-desktop.png`, fullPage: true });
  await a.setViewportSize(PHONE);
  await notice.scrollIntoViewIfNeeded();
  await a.screenshot({ path: `${SHOTS}/replied-meanwhile-phone.png` });
  await a.evaluate(() => window.scrollTo(0, 0));
  await a.screenshot({ path: `${SHOTS}/presence-phone.png` });
  await a.setViewportSize(DESKTOP);

  await notice.getByRole('button', { name: 'Send anyway' }).click();
  await expect(a.getByTestId('comment').filter({ hasText: fromA })).toBeVisible();
  await expect(commentBox(a)).toHaveValue('');
  await expect(notice).toHaveCount(0);
  await expect(b.getByTestId('comment').filter({ hasText: fromA })).toBeVisible(LIVE);

  // B closes the page: its last word takes B off A's line at once, not after 45 s.
  await b.context().close();
  await expect(presenceLine(a)).toHaveText('', LIVE);
  await a.context().close();
});
