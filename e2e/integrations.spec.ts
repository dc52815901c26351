/**
 * Machines reach the desk (DESIGN.md §21): an admin creates an API client, reads its token the one
 * time it is shown, calls the API with it, revokes it and is refused with it at once; then adds a
 * webhook endpoint on a receiver of this test (loopback, plain http: the server runs with
 * WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP), sends a test event and sees it delivered. Staff who
 * are not admins neither see the screen's link nor open it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { DEMO, signInAs } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/integrations';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const CLIENT = `Billing ${stamp}`;
// The ticket list a client with tickets:read may call (spec §7's list of the viewer's tickets).
const TICKET_LIST = '/api/v1/tickets/user-type-wise-tickets/1';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that answers 204 and keeps what it got. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/${stamp}`, received };
}

async function openIntegrationsFromAdminMenu(page: Page) {
  await page.locator('header').getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations\?page=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('an admin creates a token, calls the API with it, and revokes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await openIntegrationsFromAdminMenu(page);

  await page.getByRole('button', { name: 'Create token' }).click();
  const form = page.getByRole('dialog', { name: 'Create token' });
  await form.getByRole('textbox', { name: 'Name' }).fill(CLIENT);
  await form.getByRole('checkbox', { name: /tickets:read/ }).check();
  await form.getByRole('radio', { name: 'After a number of days' }).check();
  await expect(form.getByRole('textbox', { name: 'Days from now' })).toHaveValue('90');
  await page.screenshot({ path: `${SHOTS}/create-token-desktop.png`, animations: 'disabled' });
  await form.getByRole('button', { name: 'Confirm' }).click();

  const shown = page.getByRole('dialog', { name: 'Token created' });
  await expect(shown.getByText(/it will not be shown again/)).toBeVisible();
  const token = await shown.getByRole('textbox', { name: `Token of ${CLIENT}` }).inputValue();
  expect(token).toMatch(/^sb_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(shown.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await page.screenshot({ path: `${SHOTS}/token-shown-desktop.png`, animations: 'disabled' });
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(CLIENT) });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never used');
  const authorization = { authorization: `Bearer ${token}` };
  expect((await page.request.get(TICKET_LIST, { headers: authorization })).status()).toBe(200);
  await page.reload();
  await page.screenshot({ path: `${SHOTS}/clients-desktop.png`, fullPage: true, animations: 'disabled' });

  await row.getByRole('button', { name: `Revoke ${CLIENT}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token' });
  await page.screenshot({ path: `${SHOTS}/revoke-desktop.png`, animations: 'disabled' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Revoked');
  expect((await page.request.get(TICKET_LIST, { headers: authorization })).status()).toBe(401);
});

test('an admin adds a webhook on a receiver, sends a test event and sees it delivered', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, DEMO.admin, '/integrations?page=1');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await form.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Description' }).fill(`Journey ${stamp}`);
    await form.getByRole('checkbox', { name: /ticket\.created/ }).check();
    await page.screenshot({ path: `${SHOTS}/add-endpoint-desktop.png`, animations: 'disabled' });
    await form.getByRole('button', { name: 'Confirm' }).click();

    const shown = page.getByRole('dialog', { name: 'Endpoint added' });
    const secretField = shown.getByRole('textbox', { name: `Signing secret of ${receiver.url}` });
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await page.screenshot({ path: `${SHOTS}/secret-shown-desktop.png`, animations: 'disabled' });
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    const row = page.getByRole('row', { name: new RegExp(`hooks/${stamp}`) });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
    const deliveries = page.getByRole('dialog', { name: `Deliveries of ${receiver.url}` });
    await deliveries.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length).toBeGreaterThan(0);
    const [first] = receiver.received;
    expect(first?.headers['webhook-id']).toBeTruthy();
    // Signed with the secret the dialog showed, as the specification's reference library checks it.
    const headers = Object.fromEntries(Object.entries(first?.headers ?? {}).map(([name, value]) => [name, String(value)]));
    expect(new Webhook(secret).verify(first?.body ?? '', headers)).toMatchObject({ type: 'webhook.test' });
    const delivered = deliveries.getByRole('row', { name: /webhook\.test/ });
    await expect(delivered).toContainText('Delivered');
    await expect(delivered).toContainText('204');
    await page.screenshot({ path: `${SHOTS}/deliveries-desktop.png`, animations: 'disabled' });
    await deliveries.getByRole('button', { name: /^Redeliver webhook\.test/ }).click();
    await expect.poll(() => receiver.received.length).toBeGreaterThan(1);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    await expect(delivered).toContainText('Delivered');
    // The toasts of the two sends go before the phone's pictures, which they would cover.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.screenshot({ path: `${SHOTS}/webhooks-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/screen-phone.png`, fullPage: true, animations: 'disabled' });
    await row.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
    await expect(deliveries.getByRole('row', { name: /webhook\.test/ }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/deliveries-phone.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByRole('dialog', { name: 'Create token' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/create-token-phone.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Delete webhook endpoint' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toBeHidden();
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test('staff who are not admins neither see the link nor open the screen', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, '/tickets?page=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await expect(page.locator('header').getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/integrations?page=1');
  await expect(page).toHaveURL(/\/tickets\?page=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toHaveCount(0);
});
