/**
 * Telling the issuer (DESIGN.md §13): staff add an external reply and resolve a customer's ticket,
 * and the ticket view shows what the issuer was told and when ("Notified by SMS at …"; the console
 * SMS driver of this server counts as sent); an internal note tells nobody; the customer sees
 * none of it. Admins open the failed messages screen from the navigation. This server has no
 * SMTP and its console driver never fails, so nothing can honestly fail here: the screen shows
 * its empty state, and its list is covered by failed-notifications-screen.test.tsx.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/notifications';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const stamp = Date.now().toString(36);
const TITLE = `Router loses the line at night ${stamp}`;
const REPLY = `We reset the port, please check tonight ${stamp}`;
const NOTE = `Port 14 on the OLT flaps, watch it ${stamp}`;

test.describe.configure({ mode: 'serial' });

let ticketId = 0;

test.beforeAll(async ({ request }) => {
  ticketId = await issueTicketAs(request, await tokenFor(request, DEMO.customer), TITLE);
});

const notices = (page: Page) => page.getByRole('region', { name: 'Messages to the issuer' });
const actions = (page: Page) => page.getByRole('region', { name: 'Ticket actions' });
const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Add comment' });

test('staff reply and resolve; the ticket view shows each message to the issuer, an internal note none', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  const toldSoFar = async () =>
    (
      (await (
        await page.request.get(`/api/v1/tickets/${ticketId}/notifications?page=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { total: number }
    ).total;

  // An internal note is for the desk: nothing is told, and the view has no section for it.
  await page.getByRole('switch', { name: 'External Comment' }).check({ force: true });
  await commentBox(page).fill(NOTE);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('comment').filter({ hasText: NOTE })).toBeVisible();
  expect(await toldSoFar()).toBe(0);
  const listed = page.waitForResponse((response) => response.url().includes(`/tickets/${ticketId}/notifications`));
  await page.reload();
  expect((await listed).status()).toBe(200);
  await expect(notices(page)).toHaveCount(0);

  await expect(page.getByRole('switch', { name: 'External Comment' })).not.toBeChecked();
  await commentBox(page).fill(REPLY);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Successfully added new comment')).toBeVisible();
  await expect(notices(page).getByText(/^Reply: Notified by SMS at \w/)).toBeVisible();
  expect(await toldSoFar()).toBe(1);

  await actions(page).getByRole('button', { name: 'Resolve', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Resolve ticket #${ticketId}` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Successfully resolved this ticket')).toBeVisible();
  await expect(notices(page).getByText(/^Resolved: Notified by SMS at \w/)).toBeVisible();
  // This server asks "How did we do?" within a second of a resolve (CSAT_DELAY_MINUTES=0): a third
  // message. The lines stop refreshing once none is pending, so the question may need a reload.
  await baseExpect(async () => {
    await page.reload();
    await expect(notices(page).getByText(/^Satisfaction question: Notified by SMS at \w/)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(notices(page).getByText(/Notified by SMS at/)).toHaveCount(3);
  await notices(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ticket-notices-desktop.png`, fullPage: true });

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(notices(page).getByText(/Notified by SMS at/)).toHaveCount(3);
  await notices(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ticket-notices-phone.png` });
});

test('the customer sees nothing of the messages, and may not ask for them', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.customer, `/view-ticket?id=${ticketId}`);
  await expect(page.getByTestId('comment').filter({ hasText: REPLY })).toBeVisible();
  await expect(notices(page)).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  const refused = await page.request.get(`/api/v1/tickets/${ticketId}/notifications?page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
});

test('an admin opens the failed messages from the navigation', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await page.getByRole('banner').getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Failed messages' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Failed messages' })).toBeVisible();
  await expect(page.getByText('No failed messages.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/failed-messages-desktop.png`, fullPage: true });

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByText('No failed messages.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/failed-messages-phone.png`, fullPage: true });
});

test('staff who are not admins have no such link and are sent to the tickets', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.iptsp, '/notifications');
  await expect(page).toHaveURL(/\/tickets/);
  await expect(page.getByRole('link', { name: 'Failed messages' })).toHaveCount(0);
});
