/**
 * An admin hears of a webhook endpoint in trouble wherever they are (DESIGN.md §21). A journey cannot
 * wait 3 days for the desk to turn an endpoint off, so it makes one fail: a receiver of this test that
 * always answers 500 gets a test event, and the endpoint is failing from that first failed delivery.
 * The admin then sees a badge on the Admin menu and on its Integrations item (and in the phone menu)
 * and a notice above the ticket list that leads to the integrations screen; the header still fits
 * its links at every width. Staff who are not admins never ask for the endpoints.
 */
import { createServer, type Server } from 'node:http';
import { AxeBuilder } from '@axe-core/playwright';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { WebhookEndpoint } from '@switchboard/shared';
import { DEMO, signInAs } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/integrations-notice';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const ENDPOINTS = '/api/v1/webhook-endpoints';
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A receiver on loopback that refuses every delivery. */
async function startFailingReceiver(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(500).end('down for the journey'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/down/${stamp}` };
}

const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('jwt_token'))}`,
});

/** Adds an endpoint on the receiver, sends it a test event and waits until the endpoint is failing. */
async function makeFailingEndpoint(request: APIRequestContext, headers: Record<string, string>, url: string) {
  const created = await request.post(ENDPOINTS, {
    headers,
    data: { url, description: `Down ${stamp}`, department: 'cc', events: ['ticket.created'] },
  });
  expect(created.status()).toBe(201);
  const { data: endpoint } = (await created.json()) as { data: WebhookEndpoint };
  expect((await request.post(`${ENDPOINTS}/${endpoint.id}/test`, { headers })).ok()).toBe(true);
  await expect
    .poll(async () => {
      const { data } = (await (await request.get(ENDPOINTS, { headers })).json()) as { data: WebhookEndpoint[] };
      return data.find((candidate) => candidate.id === endpoint.id)?.failing_since ?? null;
    })
    .not.toBeNull();
  return endpoint;
}

/** Whether a control can be clicked where it is: inside the window, nothing else at its centre. */
async function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth + 0.5) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

test.describe.configure({ mode: 'serial' });

test('an admin sees a failing endpoint on the Admin menu and above the ticket list, and follows it', async ({ page }) => {
  // The header is walked at every 40 px from 320 to 1920: more than a minute on a busy machine.
  test.setTimeout(180_000);
  const receiver = await startFailingReceiver();
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  const headers = await bearer(page);
  const endpoint = await makeFailingEndpoint(page.request, headers, receiver.url);
  try {
    await page.goto('/tickets?page=1');
    const header = page.locator('header');
    const notice = page.getByRole('alert', { name: 'Webhooks failing' });
    await expect(notice).toContainText('A webhook endpoint is failing: its deliveries do not go through.');
    const admin = header.getByRole('button', { name: 'Admin, 1 endpoint failing' });
    await expect(admin).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${SHOTS}/notice-desktop.png`, animations: 'disabled' });
    const { violations } = await new AxeBuilder({ page })
      .include('header')
      .include('main .mantine-Alert-root')
      .withTags(WCAG_AA)
      .analyze();
    expect(
      violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')}`,
      ),
    ).toEqual([]);
    await admin.click();
    await expect(page.getByRole('menuitem', { name: 'Integrations, 1 endpoint failing' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/admin-menu-desktop.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    // The badge widens the bar: the header still shows the Admin menu whole, or the burger, at every width.
    for (let width = 320; width <= 1920; width += 80) {
      await page.setViewportSize({ width, height: 800 });
      const burger = header.getByRole('button', { name: 'Open navigation' });
      await expect
        .poll(async () => (await burger.isVisible()) !== (await admin.isVisible()), { message: `${width}px` })
        .toBe(true);
      const shown = (await burger.isVisible()) ? burger : admin;
      expect(await reachable(shown), `${width}px: ${(await burger.isVisible()) ? 'the burger' : 'the Admin menu'}`).toBe(true);
      if (shown === admin)
        expect(await reachable(header.getByRole('button', { name: 'Sign out' })), `${width}px: Sign out`).toBe(true);
    }

    await page.setViewportSize(PHONE);
    await expect(notice).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/notice-phone.png`, animations: 'disabled' });
    await header.getByRole('button', { name: 'Open navigation, 1 endpoint failing' }).click();
    const phoneLink = page.locator('#mobile-navigation').getByRole('link', { name: 'Integrations, 1 endpoint failing' });
    await phoneLink.scrollIntoViewIfNeeded();
    await expect(phoneLink).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-menu.png`, animations: 'disabled' });
    await header.getByRole('button', { name: 'Close navigation' }).click();

    // In Bangla: the bar or the burger (whichever fits) carries the count in words, with Latin digits.
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => localStorage.setItem('language', 'bn'));
    await page.reload();
    await expect(page.getByRole('alert', { name: 'ওয়েবহুক ব্যর্থ হচ্ছে' })).toContainText(
      'একটি ওয়েবহুক এন্ডপয়েন্টে ডেলিভারি ব্যর্থ হচ্ছে।',
    );
    await expect(header.getByRole('button', { name: /, 1টি এন্ডপয়েন্ট ব্যর্থ হচ্ছে$/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/notice-desktop-bn.png`, animations: 'disabled' });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();

    await notice.getByRole('link', { name: 'Open Integrations' }).click();
    await expect(page).toHaveURL(/\/integrations\?page=1$/);
    await expect(page.getByRole('row', { name: new RegExp(`down/${stamp}`) })).toContainText('Failing');
    await expect(notice).toHaveCount(0);
    // Told once this session: back on the list, the badge stays and the notice does not return.
    await page.goto('/tickets?page=1');
    await expect(header.getByRole('button', { name: 'Admin, 1 endpoint failing' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
  } finally {
    await page.request.delete(`${ENDPOINTS}/${endpoint.id}`, { headers });
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test('staff who are not admins never ask for the webhook endpoints', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(ENDPOINTS)) asked.push(request.url());
  });
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, '/tickets?page=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The live-updates stream never lets the network fall idle: give a wrongly enabled read the time to go out.
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);
  await expect(page.getByRole('alert', { name: /^Webhooks/ })).toHaveCount(0);
});
