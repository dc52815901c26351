/**
 * Nothing a person typed is lost and nothing changes behind their back: a long conversation pages
 * back without moving what they read, a failed send keeps the text and the images, a session the
 * server ends says why and the comment being written comes back after signing in again, a link
 * of another account asks before it swaps the session, and a nonsense ticket id is "not found".
 */
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import type { User } from '@switchboard/shared';
import { DEMO, otpFromOutbox, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/work-kept';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FALLBACK = 'Sorry, something went wrong. Please try again or refresh';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mPQyLtDEmIY1TCqYfhqAAAAOnIQDifocAAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial' });

interface Account {
  id: string;
  name: string;
  entry: string;
  token: string;
}

let adminToken = '';
// Numbers of this run's customers: distinct within the run (a counter), and apart from earlier runs' (the clock).
const serial = Date.now() % 9_000_000;
let customersMade = 0;

async function call<T>(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data: object) {
  const reply = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  if (!reply.ok()) throw new Error(`${method} ${path}: ${reply.status()} ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** A customer of its own for each journey, so that changing it disturbs no other journey. */
async function newCustomer(request: APIRequestContext, name: string): Promise<Account> {
  adminToken ||= await tokenFor(request, DEMO.admin);
  customersMade += 1;
  const entry = `0965${String(serial + customersMade).padStart(7, '0')}`;
  const created = await call<{ data: User }>(request, adminToken, 'POST', '/users/signup', {
    name,
    product_number: `88${entry}`,
    phone_number: '8801712345678',
    user_type: 'customer',
    role: 'user',
  });
  return { id: created.data._id, name, entry, token: await tokenFor(request, entry) };
}

function issueTicket(request: APIRequestContext, owner: Account, title: string): Promise<number> {
  return issueTicketAs(request, owner.token, title);
}

async function openAs(page: Page, account: Account, path: string) {
  await page.goto('/create-ticket');
  await page.evaluate((token) => localStorage.setItem('jwt_token', token), account.token);
  await page.goto(path);
}

/**
 * Brings the button to the middle of the screen: one left under the sticky header would be scrolled
 * by the click itself, and the measure around the click would measure that scroll.
 */
const clearOfHeader = (button: Locator) => button.evaluate((element) => element.scrollIntoView({ block: 'center' }));

const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Add comment' });
const comments = (page: Page) => page.getByTestId('comment');

test('a long conversation shows the newest 50 and pages back without moving what the user reads', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await newCustomer(page.request, 'Nusrat Jahan');
  const ticketId = await issueTicket(page.request, owner, 'Router restarts all the time');
  // Staff write the long thread: their write limit is far above 60 a minute.
  for (let n = 1; n <= 60; n++) {
    await call(page.request, adminToken, 'POST', '/tickets/add-comment', {
      ticket_id: ticketId,
      message: `Step ${n} of the check`,
      is_internal: false,
    });
  }

  await page.setViewportSize(DESKTOP);
  await openAs(page, owner, `/view-ticket?id=${ticketId}`);
  await expect(comments(page)).toHaveCount(50);
  await expect(comments(page).first()).toContainText('Step 11 of the check');
  const earlier = page.getByRole('button', { name: 'Show earlier comments' });
  await clearOfHeader(earlier);
  await page.screenshot({ path: `${SHOTS}/ticket-view-earlier-desktop.png` });
  const before = await comments(page).first().boundingBox();

  await earlier.click();
  await expect(comments(page)).toHaveCount(60);
  await expect(comments(page).first()).toContainText('Step 1 of the check');
  await expect(earlier).toHaveCount(0);
  const after = await comments(page).filter({ hasText: 'Step 11 of the check' }).boundingBox();
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/ticket-view-desktop.png`, fullPage: true });

  // On a phone the number's history sits between the ticket and the conversation. Its chunk and
  // its counts arrive late here, after the first measure, in a page without scroll anchoring (as in
  // Safari): their arrival must move nothing.
  await page.setViewportSize(PHONE);
  const late = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  };
  await page.route('**/assets/number-history-panel-*.js', late);
  await page.route('**/api/v1/tickets/number-history/**', late);
  await page.goto(`/view-ticket?id=${ticketId}`);
  await page.addStyleTag({ content: '* { overflow-anchor: none !important; }' });
  await expect(comments(page)).toHaveCount(50);
  await clearOfHeader(earlier);
  const onPhone = await comments(page).first().boundingBox();
  await earlier.click();
  await expect(comments(page)).toHaveCount(60);
  await expect(page.getByText(/open · \d+ tickets? in all/)).toBeVisible();
  const movedOnPhone = await comments(page).filter({ hasText: 'Step 11 of the check' }).boundingBox();
  expect(Math.abs((movedOnPhone?.y ?? 0) - (onPhone?.y ?? 0))).toBeLessThanOrEqual(2);
  await page.screenshot({ path: `${SHOTS}/ticket-view-earlier-phone.png` });
  await commentBox(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ticket-view-form-phone.png` });
});

test('a failed send keeps the text and the chosen images, and says why', async ({ page }) => {
  const owner = await newCustomer(page.request, 'Tanvir Ahmed');
  const ticketId = await issueTicket(page.request, owner, 'No signal on the landline');
  await page.setViewportSize(DESKTOP);
  await openAs(page, owner, `/view-ticket?id=${ticketId}`);

  await commentBox(page).fill('The line is dead again since this morning');
  await page.locator('input[type=file]').setInputFiles([{ name: 'socket.png', mimeType: 'image/png', buffer: PNG }]);
  const files = page.getByRole('list', { name: 'Attached files' });
  await expect(files).toContainText('socket.png');
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeEnabled();

  await page.route('**/api/v1/tickets/add-comment', (route) => route.fulfill({ status: 500, body: 'upstream down' }));
  await send.click();
  await expect(page.getByText(FALLBACK)).toBeVisible();
  await expect(commentBox(page)).toHaveValue('The line is dead again since this morning');
  await expect(files).toContainText('socket.png');

  const tooOften = 'You are doing that too often. Please wait a minute and try again.';
  await page.unroute('**/api/v1/tickets/add-comment');
  await page.route('**/api/v1/tickets/add-comment', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: tooOften, code: 'rate_limited' }),
    }),
  );
  await send.click();
  await expect(page.getByText(tooOften)).toBeVisible();
  await expect(commentBox(page)).toHaveValue('The line is dead again since this morning');
  await page.screenshot({ path: `${SHOTS}/comment-send-failed-desktop.png` });

  await page.unroute('**/api/v1/tickets/add-comment');
  await send.click();
  await expect(page.getByText('Successfully added new comment')).toBeVisible();
  await expect(commentBox(page)).toHaveValue('');
  await expect(comments(page).last()).toContainText('The line is dead again since this morning');
  await expect(comments(page).last().getByRole('button', { name: /image/i })).toHaveCount(1);
});

test('an admin changes the role of a signed-in user: they land on sign-in with the reason, and the comment comes back', async ({
  page,
  browser,
}) => {
  const owner = await newCustomer(page.request, 'Farhana Akter');
  const ticketId = await issueTicket(page.request, owner, 'Bill shows a plan I never ordered');
  await page.setViewportSize(DESKTOP);
  await openAs(page, owner, `/view-ticket?id=${ticketId}`);
  const draft = 'I called twice and nobody could explain the second charge';
  await commentBox(page).fill(draft);

  // Meanwhile, in another browser, an admin makes the account a moderator.
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await call(admin.request, adminToken, 'PUT', `/users/${owner.id}`, {
    name: owner.name,
    product_number: `88${owner.entry}`,
    user_type: 'customer',
    role: 'moderator',
  });
  await admin.close();

  // Their next action ends the session, or the live stream does as soon as it hears of the change.
  await Promise.race([
    page.waitForURL(/\/$/),
    page
      .getByRole('button', { name: 'Send' })
      .click()
      .catch(() => undefined),
  ]);
  await expect(page).toHaveURL(/\/$/);
  const reason = page.getByRole('alert').filter({ hasText: 'Your session ended because your account was changed.' });
  await expect(reason).toHaveText('Your session ended because your account was changed. Please sign in again.');
  await page.screenshot({ path: `${SHOTS}/sign-in-reason-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/sign-in-reason-phone.png` });

  // Signing in again through the form: the note stays while the OTP is asked for.
  await page.getByRole('textbox', { name: /Number$/ }).fill(owner.entry);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  // The field appears once the new code is sent: only then does the outbox hold it.
  const otp = page.getByRole('textbox', { name: 'OTP' });
  await expect(otp).toBeVisible();
  await otp.fill(await otpFromOutbox(page.request, owner.entry));
  await expect(reason).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/tickets\?page=1/);
  await page.goto(`/view-ticket?id=${ticketId}`);
  await expect(commentBox(page)).toHaveValue(draft);
});

test('a link of another account asks before it replaces the session, and only a yes replaces it', async ({ page }) => {
  const signedIn = await newCustomer(page.request, 'Sabbir Hossain');
  const other = await newCustomer(page.request, 'Mahmuda Khatun');
  await page.setViewportSize(DESKTOP);
  await openAs(page, signedIn, '/tickets?page=1');
  const question = page.getByText(`Sign in as Mahmuda Khatun (+88${other.entry}) instead of Sabbir Hossain?`);

  await page.goto(`/?q=${other.token}`);
  await expect(question).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/switch-account-desktop.png` });
  await page.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
  expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBe(signedIn.token);

  await page.goto(`/?q=${signedIn.token}`);
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
  await expect(question).toHaveCount(0);

  await page.goto(`/?q=${other.token}`);
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
  expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBe(other.token);
});

test('a ticket id that is no number is a ticket not found, with the way back to the list', async ({ page }) => {
  const owner = await newCustomer(page.request, 'Rezaul Karim');
  await page.setViewportSize(PHONE);
  await openAs(page, owner, '/view-ticket?id=abc');
  await expect(page.getByText('Ticket not found')).toBeVisible();
  await expect(page.getByText(/Ticket id is a number/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to tickets' }).click();
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
});
