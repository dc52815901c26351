/**
 * Network alarms open incidents (DESIGN.md §22): an admin writes a routing rule through its dialog
 * (an expression the server cannot compile is refused on its field), a monitoring client posts a
 * firing alarm with its token, and the alarm shows on /alarms without a reload, with the incident
 * it opened; the incident says an alarm opened it. The alarm resolves; with no hold-down (the
 * server runs with ALARM_HOLD_DOWN_MINUTES=0 and a sweep twice a second) staff are asked "The
 * network has recovered — resolve the incident?" and resolve it with the rule's message. Then a
 * staff member reads the alarms on a phone.
 */
import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/alarms';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const RULE = `Core ${stamp}`;
const SUMMARY = `OLT ${stamp} down`;
const AREA = `E2E-${stamp}`.slice(0, 32);
const RESTORATION = `The fibre is spliced; your service is back (${stamp}).`;
const state = { clientToken: '', incidentPath: '' };

mkdirSync(SHOTS, { recursive: true });

/** A client token with the alarms:write scope, made by an admin through the API. */
async function monitoringToken(request: APIRequestContext): Promise<string> {
  const admin = await tokenFor(request, DEMO.admin);
  const reply = await request.post('/api/v1/api-clients', {
    headers: { authorization: `Bearer ${admin}` },
    data: { name: `Zabbix ${stamp}`, department: 'cc', scopes: ['alarms:write'] },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { token: string }).token;
}

/** What a monitoring system posts: one alarm of this run, firing or resolved. */
async function postAlarm(request: APIRequestContext, status: 'firing' | 'resolved') {
  const reply = await request.post('/api/v1/alarms/generic', {
    headers: { authorization: `Bearer ${state.clientToken}` },
    data: {
      alarms: [
        {
          source: 'zabbix',
          key: `olt-${stamp}`,
          status,
          severity: 'critical',
          summary: SUMMARY,
          labels: { run: stamp, device: 'olt-7', note: '<b>spliced</b>' },
        },
      ],
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test.describe.configure({ mode: 'serial' });

test('an admin writes a rule, a firing alarm opens an incident live, and its recovery is offered', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, '/tickets?page=1');
  await page.locator('header').getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Alarms' }).click();
  await expect(page).toHaveURL(/\/alarms\?view=firing&page=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarms' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Alarm lists' }).getByRole('link', { name: 'Rules' }).click();
  await expect(page.getByText(/first rule whose matchers all match routes the alarm/)).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add routing rule' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(RULE);
  await dialog.getByRole('button', { name: 'Add matcher' }).click();
  await dialog.getByRole('button', { name: 'Add matcher' }).click();
  const first = dialog.getByRole('group', { name: 'Matcher 1' });
  await first.getByRole('textbox', { name: 'Label name' }).fill('run');
  await first.getByRole('textbox', { name: 'Value' }).fill(stamp);
  const second = dialog.getByRole('group', { name: 'Matcher 2' });
  await second.getByRole('textbox', { name: 'Label name' }).fill('device');
  await second.getByRole('combobox', { name: 'Operator' }).selectOption('=~');
  // Unbalanced: only the server's compiler (RE2) refuses it, on its field.
  await second.getByRole('textbox', { name: 'Value' }).fill('olt-(7');
  await dialog.getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'IP Telephony' }).click();
  await dialog.getByRole('textbox', { name: /^Area codes/ }).fill(AREA);
  await dialog.getByRole('textbox', { name: /^Public note template/ }).fill('Fault at {labels.device}: {summary}');
  await dialog.getByRole('textbox', { name: /^Restoration message/ }).fill(RESTORATION);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const badValue = second.getByRole('textbox', { name: 'Value' });
  await expect(badValue).toHaveAttribute('aria-invalid', 'true');
  await expect(first.getByRole('textbox', { name: 'Value' })).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'rule-dialog-refused-1280');
  await badValue.fill('olt-[0-9]+');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Rule added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: RULE });
  await expect(card.getByText('device=~olt-[0-9]+')).toBeVisible();
  await expect(card.getByText(`Areas: ${AREA}`)).toBeVisible();
  await shot(page, 'rules-1280');

  state.clientToken = await monitoringToken(page.request);
  await page.getByRole('link', { name: 'Firing' }).click();
  await expect(page).toHaveURL(/view=firing/);
  await postAlarm(page.request, 'firing');
  // No reload: the alarm.changed event brings it.
  const row = page.getByRole('row', { name: new RegExp(SUMMARY) });
  await expect(row).toBeVisible();
  await expect(row.getByText('note=<b>spliced</b>')).toBeVisible();
  await expect(row.getByText('Firing', { exact: true })).toBeVisible();
  const incident = row.getByRole('link', { name: new RegExp(`^#\\d+ ${SUMMARY}$`) });
  await expect(incident).toBeVisible();
  await shot(page, 'firing-1280');
  for (const view of ['Recent', 'Unrouted', 'Deliveries'] as const) {
    await page.getByRole('navigation', { name: 'Alarm lists' }).getByRole('link', { name: view }).click();
    await expect(page.getByRole('link', { name: view })).toHaveAttribute('aria-current', 'page');
    await shot(page, `${view.toLowerCase()}-1280`);
  }
  await expect(page.getByRole('row', { name: /zabbix/i }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Firing' }).click();
  await page
    .getByRole('row', { name: new RegExp(SUMMARY) })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/incidents\/\d+$/);
  state.incidentPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: SUMMARY })).toBeVisible();
  await expect(page.getByText('Opened by a network alarm')).toBeVisible();
  await expect(page.getByRole('link', { name: '1 alarm firing' })).toBeVisible();
  await expect(page.getByText(`Areas: ${AREA}`)).toBeVisible();

  await postAlarm(page.request, 'resolved');
  const recovered = page.getByRole('alert').filter({ hasText: 'The network has recovered — resolve the incident?' });
  await expect(async () => {
    if (!(await recovered.isVisible())) await page.reload();
    await baseExpect(recovered).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /alarms? firing/ })).toHaveCount(0);
  await shot(page, 'incident-recovered-1280');
  await recovered.getByRole('button', { name: 'Yes, resolve it' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve this incident?' });
  await expect(resolve.getByRole('textbox', { name: /Message to the customers/ })).toHaveValue(RESTORATION);
  await resolve.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/^Incident resolved/)).toBeVisible();
  await expect(recovered).toHaveCount(0);
});

test('a staff member reads the alarms on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.rs, '/tickets?page=1');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.locator('#mobile-navigation').getByRole('link', { name: 'Alarms' }).click();
  await expect(page).toHaveURL(/\/alarms\?view=firing&page=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarms' })).toBeVisible();
  await shot(page, 'firing-390');
  await page.getByRole('link', { name: 'Recent' }).click();
  const row = page.getByRole('row', { name: new RegExp(SUMMARY) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: new RegExp(SUMMARY) })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Rules' })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await shot(page, 'recent-390');
  for (const view of ['Unrouted', 'Deliveries'] as const) {
    await page.getByRole('link', { name: view }).click();
    await expect(page.getByRole('link', { name: view })).toHaveAttribute('aria-current', 'page');
    await shot(page, `${view.toLowerCase()}-390`);
  }
});

test('an admin edits the rule on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.admin, '/alarms?view=rules&page=1');
  const card = page.getByRole('listitem', { name: RULE });
  await expect(card).toBeVisible();
  await shot(page, 'rules-390');
  await card.getByRole('button', { name: `Edit ${RULE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit routing rule' });
  await expect(dialog.getByRole('textbox', { name: /^Restoration message/ })).toHaveValue(RESTORATION);
  await page.screenshot({ path: `${SHOTS}/rule-dialog-390.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
