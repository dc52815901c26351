/**
 * The Channels page (DESIGN.md §24): an admin opens it from the Admin menu and sees the three
 * channels, none set up on the demo desk (no IMAP_URL; no client with channels:inbound); follows
 * the inbound SMS card to Integrations, creates a token with channels:inbound, and sees both SMS
 * channels receiving. Axe finds nothing at 1280 and 390 px, and the phone never scrolls sideways.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { ApiClientListReply } from '@switchboard/shared';
import { DEMO, signInAs } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = path.join(tmpdir(), 'switchboard-shots', 'channels');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const CLIENT = `SMS gateway ${Date.now().toString(36)}`;
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });

async function bearerOf(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  return { authorization: `Bearer ${token ?? ''}` };
}

/** Revokes every live client with channels:inbound, so that the journey starts from "Not set up" whatever ran before. */
async function revokeInboundClients(page: Page): Promise<void> {
  const headers = await bearerOf(page);
  for (let number = 1; ; number++) {
    const reply = await page.request.get(`/api/v1/api-clients?page=${number}`, { headers });
    expect(reply.status()).toBe(200);
    const listed = (await reply.json()) as ApiClientListReply;
    for (const client of listed.data) {
      const live = client.revoked_at === null && (client.expires_at === null || Date.parse(client.expires_at) > Date.now());
      if (live && client.scopes.includes('channels:inbound'))
        expect((await page.request.delete(`/api/v1/api-clients/${client.id}`, { headers })).status()).toBe(200);
    }
    if (listed.next_page === null) return;
  }
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  // Mantine fades content in; axe measures colours as they are on screen.
  await page.waitForTimeout(300);
  const found: string[] = [];
  for (const run of [new AxeBuilder({ page }).withTags(WCAG_AA), new AxeBuilder({ page }).withRules(['region'])]) {
    const { violations } = await run.analyze();
    for (const violation of violations)
      for (const node of violation.nodes) found.push(`${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`);
  }
  expect(found, `/channels at ${page.viewportSize()?.width ?? 0} px`).toEqual([]);
}

test.use({ actionTimeout: 20_000 });

test('an admin sees the channels, sets up SMS with a channels:inbound token and sees it receiving', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await revokeInboundClients(page);

  await page.locator('header').getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Channels' }).click();
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  const sms = page.getByRole('region', { name: 'Inbound SMS' });
  const reports = page.getByRole('region', { name: 'SMS delivery reports' });
  const mail = page.getByRole('region', { name: 'Inbound e-mail' });
  await expect(sms.getByText('Not set up')).toBeVisible();
  await expect(reports.getByText('Not set up')).toBeVisible();
  await expect(mail.getByText('Not set up')).toBeVisible();
  await expect(mail).toContainText('Set IMAP_URL');
  await expect(sms).toContainText('/api/v1/channels/sms/inbound');
  await expect(reports).toContainText('/api/v1/channels/sms/delivery');
  // Three cards side by side at 1280 px.
  const [first, third] = [await sms.boundingBox(), await mail.boundingBox()];
  expect(first && third && Math.abs(first.y - third.y) < 1).toBe(true);
  await shot(page, 'channels-desktop');
  await expectNoAxeViolations(page);

  await page.setViewportSize(PHONE);
  await expect(mail).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'channels-phone');
  await expectNoAxeViolations(page);

  await page.setViewportSize(DESKTOP);
  await sms.getByRole('link', { name: 'Open Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations\?page=1$/);
  await page.getByRole('button', { name: 'Create token' }).click();
  const form = page.getByRole('dialog', { name: 'Create token' });
  await form.getByRole('textbox', { name: 'Name' }).fill(CLIENT);
  await form.getByRole('checkbox', { name: /channels:inbound/ }).check();
  await form.getByRole('button', { name: 'Confirm' }).click();
  const shown = page.getByRole('dialog', { name: 'Token created' });
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  await page.goto('/channels');
  await expect(sms.getByText('Receiving')).toBeVisible();
  await expect(reports.getByText('Receiving')).toBeVisible();
  await expect(mail.getByText('Not set up')).toBeVisible();
  await expect(sms.getByRole('link', { name: 'Open Integrations' })).toHaveCount(0);
  await shot(page, 'channels-set-up-desktop');
  await expectNoAxeViolations(page);

  // Later journeys find the desk as it was.
  await revokeInboundClients(page);
});
