/**
 * Warnings before and after a breach (DESIGN.md §26) as staff meet them. An admin sets Customer
 * Care's resolve level to 24 hours and answers the demo's open ticket raised 21 hours ago, so it is
 * past 75% of its level: the list shows it "Due soon" (its filter too). The demo's late Customer Care tickets are
 * breaches told to the department (SLA_ESCALATE_HOURS is 720 in playwright.config.ts): at phone
 * width the bell shows the unread count, opens its list, and an item leads to its ticket.
 */
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.E2E_SHOTS ?? '/tmp';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

type ListedTicket = { ticket_id: number; created_at: string };

/** The first open Customer Care ticket raised between `from` and `to` hours ago, oldest first. */
async function findOpenTicketAged(request: APIRequestContext, headers: Record<string, string>, from: number, to: number) {
  const hoursOld = (at: string) => (Date.now() - new Date(at).getTime()) / 3_600_000;
  for (let pageNo = 1; pageNo <= 10; pageNo++) {
    const list = await request.get(
      `/api/v1/tickets/user-type-wise-tickets/${pageNo}?status=open&issued_to=cc&sort=created&order=asc`,
      {
        headers,
      },
    );
    const tickets = ((await list.json()) as { data: ListedTicket[] }).data;
    const found = tickets.find((row) => hoursOld(row.created_at) > from && hoursOld(row.created_at) < to);
    if (found || tickets.length === 0 || tickets.some((row) => hoursOld(row.created_at) < from)) return found;
  }
  return undefined;
}

test('a ticket past 75% of its level shows Due soon in the list, and its filter keeps it', async ({ page }) => {
  const token = await tokenFor(page.request, DEMO.admin);
  const headers = { authorization: `Bearer ${token}` };
  const levels = await page.request.put('/api/v1/service-levels/cc', {
    headers,
    data: { first_reply_hours: 4, resolve_hours: 24 },
  });
  expect(levels.ok(), await levels.text()).toBe(true);
  // An open Customer Care ticket raised 18 to 24 hours ago: once answered, its clock is the 24 hours'.
  // Oldest first, page by page: the journeys before this one raise many newer tickets.
  const ticket = await findOpenTicketAged(page.request, headers, 18.1, 23.9);
  expect(ticket, 'an open ticket of the demo raised 18 to 24 hours ago').toBeDefined();
  const reply = await page.request.post('/api/v1/tickets/add-comment', {
    headers,
    data: { ticket_id: ticket?.ticket_id, message: 'We are looking into it.', is_internal: false },
  });
  expect(reply.ok(), await reply.text()).toBe(true);

  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  const filter = page.getByRole('checkbox', { name: 'Due soon only' });
  await expect(filter).toBeVisible();
  await filter.check();
  await expect(page).toHaveURL(/due_soon=true/);
  // The scan runs every half second: the badge may need a refetch of the list to show.
  await expect(async () => {
    await page.reload();
    const link = page.getByRole('link', { name: String(ticket?.ticket_id), exact: true });
    await expect(page.getByTestId('ticket-row').filter({ has: link })).toContainText('Due soon', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const rows = page.getByTestId('ticket-row');
  await expect(rows.first()).toContainText('Due soon');
  for (const row of await rows.all()) await expect(row).toContainText('Due soon');
  await expect(page.getByRole('checkbox', { name: 'Waiting for the customer' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/warnings-list-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await expect(rows.first()).toContainText('Due soon');
  await page.screenshot({ path: `${SHOTS}/warnings-list-390.png`, fullPage: true });
});

test('at phone width the bell counts the breaches, lists them and leads to the ticket', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const unread = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);
  expect(unread).toBeGreaterThan(0);
  await bell.click();
  const item = page.getByRole('link', { name: /^Ticket #\d+ is past its due time$/ }).first();
  await expect(item).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/warnings-bell-390.png` });
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wider, 'the bell is wider than the phone').toBeLessThanOrEqual(0);
  const ticketId = (await item.textContent())?.match(/#(\d+)/)?.[1];
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ticketId}`));
  await expect(page.getByRole('button', { name: `Notifications, ${unread - 1} unread` })).toBeVisible();

  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/warnings-bell-1280.png` });
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
});
