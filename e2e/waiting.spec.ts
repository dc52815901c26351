/**
 * Waiting for the customer (DESIGN.md §26) between two people in two browsers: staff send a reply
 * with "Wait for the customer" and the ticket says it waits; the customer, who never sees the wait,
 * answers, and the wait ends on staff's screen.
 */
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A page of its own browser context (its own storage: another person), signed in at `path`. */
async function personAt(browser: Browser, entry: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInAs(page, entry, path);
  return page;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('jwt_token') ?? '');
const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Add comment' });
const waitingBadge = (page: Page) => page.getByText('Waiting for the customer', { exact: true });

test('staff wait for the customer, the customer answers, and the wait ends', async ({ browser }) => {
  const serial = Date.now() % 100_000;
  const title = `Waiting ${serial} router keeps restarting`;

  const customer = await personAt(browser, DEMO.customer, '/tickets?page=1');
  const ticketId = await issueTicketAs(customer.request, await tokenOf(customer), title);
  const staff = await personAt(browser, DEMO.admin, `/view-ticket?id=${ticketId}`);
  await expect(staff.getByRole('heading', { name: title })).toBeVisible();

  // The choice is offered beside an external reply, reached by the keyboard, and gone for a note.
  const wait = staff.getByRole('checkbox', { name: 'Wait for the customer' });
  await expect(wait).toBeVisible();
  await staff.getByRole('switch', { name: 'External Comment' }).check();
  await expect(wait).toHaveCount(0);
  await staff.getByRole('switch', { name: 'Internal Comment' }).uncheck();
  await commentBox(staff).fill(`Reply ${serial}: is the light on the router green or red?`);
  await staff.getByRole('checkbox', { name: 'Wait for the customer' }).focus();
  await staff.keyboard.press('Space');
  await expect(staff.getByRole('checkbox', { name: 'Wait for the customer' })).toBeChecked();
  await staff.getByRole('button', { name: 'Send' }).click();
  await expect(staff.getByText('Successfully added new comment').first()).toBeVisible();
  await expect(waitingBadge(staff)).toBeVisible();
  await staff.getByRole('checkbox', { name: 'Wait for the customer' }).scrollIntoViewIfNeeded();
  await staff.screenshot({ path: '/tmp/waiting-staff-1280.png', fullPage: true });
  await staff.setViewportSize(PHONE);
  await expect(waitingBadge(staff)).toBeVisible();
  await staff.screenshot({ path: '/tmp/waiting-staff-390.png', fullPage: true });
  await staff.setViewportSize(DESKTOP);

  // The customer sees the reply and never the wait, and answers.
  await customer.goto(`/view-ticket?id=${ticketId}`);
  await expect(customer.getByText(`Reply ${serial}: is the light on the router green or red?`)).toBeVisible();
  await expect(customer.getByText('Waiting for the customer')).toHaveCount(0);
  await expect(customer.getByRole('checkbox', { name: 'Wait for the customer' })).toHaveCount(0);
  await commentBox(customer).fill(`Answer ${serial}: it is red`);
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(customer.getByText('Successfully added new comment').first()).toBeVisible();
  await customer.setViewportSize(PHONE);
  await customer.screenshot({ path: '/tmp/waiting-customer-390.png', fullPage: true });

  // Staff's open ticket hears the answer: the wait is over.
  await expect(staff.getByText(`Answer ${serial}: it is red`)).toBeVisible();
  await expect(waitingBadge(staff)).toHaveCount(0);
  await staff.screenshot({ path: '/tmp/waiting-resumed-1280.png', fullPage: true });

  await customer.context().close();
  await staff.context().close();
});
