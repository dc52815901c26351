/**
 * Incidents (DESIGN.md §14): a burst of reports about one subgroup shows staff a banner; two clicks
 * group them into one incident; while it is active the public form shows its note for that
 * subgroup; resolving it solves every ticket and the customer reads the message on their ticket.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Group, IssueTicketReply } from '@switchboard/shared';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { openPublicForm } from './support/public-form.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/incidents';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const REPORTS = 6;
const stamp = Date.now().toString(36);
const NOTE = `A fibre cable was cut near the exchange; service returns tonight (${stamp}).`;
const RESOLUTION = `The fibre is repaired and your connection is back (${stamp}).`;

test.describe.configure({ mode: 'serial' });

const state = { groupName: '', subgroupName: '', subgroupLabel: '', ticketIds: [] as number[], incidentPath: '' };

async function issueIn(request: APIRequestContext, token: string, group: Group, subgroupId: string, title: string) {
  const reply = await request.post('/api/v1/tickets/issue-ticket', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      problematic_number: '8801712345678',
      description: 'No internet since the morning.',
      group_id: group._id,
      sub_group_id: subgroupId,
      issuer_user_type: 'customer',
    },
  });
  if (!reply.ok()) throw new Error(`issue-ticket: ${reply.status()} ${await reply.text()}`);
  return ((await reply.json()) as IssueTicketReply).data.ticket_id;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test.beforeAll(async ({ request }) => {
  const groups = (await (await request.get('/api/v1/groups')).json()) as { data: Group[] };
  const group = groups.data.find((candidate) => candidate.group_name === 'Internet') ?? groups.data[0];
  // The last subgroup: other journeys report under the first one.
  const subgroup = group?.sub_groups.at(-1);
  if (!group || !subgroup) throw new Error('no group with subgroups in the demo data');
  state.groupName = group.group_name;
  state.subgroupName = subgroup.sub_group_en;
  state.subgroupLabel = `${subgroup.sub_group_en} (${subgroup.sub_group_bn})`;
  const token = await tokenFor(request, DEMO.customer);
  for (let i = 0; i < REPORTS; i++)
    state.ticketIds.push(await issueIn(request, token, group, subgroup._id, `No internet at all ${stamp}-${i}`));
});

test('staff see the burst as a banner and group it in two clicks', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin);
  const banner = page
    .getByRole('alert')
    .filter({ hasText: `about ${state.groupName} › ${state.subgroupName} in the last 30 minutes` });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/\d+ tickets about/);
  await page.screenshot({ path: `${SHOTS}/banner-desktop.png` });

  await banner.getByRole('button', { name: 'Group as an incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'Group as an incident' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(`${state.groupName} › ${state.subgroupName}`);
  await dialog.getByRole('textbox', { name: /Public note/ }).fill(NOTE);
  await page.screenshot({ path: `${SHOTS}/create-dialog-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/incidents\/\d+$/);
  state.incidentPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${state.groupName} › ${state.subgroupName}`);
  await expect(page.getByText(NOTE)).toBeVisible();
  for (const id of state.ticketIds) await expect(page.getByRole('link', { name: String(id), exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/incident-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/incident-phone.png`, fullPage: true });

  await page.setViewportSize(DESKTOP);
  await page.goto('/tickets?page=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: `about ${state.groupName} › ${state.subgroupName}` })).toHaveCount(0);
});

test('the public form shows the note for that subgroup and still lets people submit', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await openPublicForm(page);
  await choose(page, 'Group', state.groupName);
  await choose(page, 'Subgroup', state.subgroupLabel);
  const notice = page
    .getByRole('alert')
    .filter({ hasText: `We know about a fault affecting ${state.subgroupName}; we are working on it.` });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(NOTE);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/public-note-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/public-note-desktop.png` });
  await context.close();
});

test('staff resolve the incident and each customer reads the message on their ticket', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // The tickets are held by Customer Care, so its staff resolve them (an incident never widens who may act, DESIGN.md §14).
  await signInAs(page, DEMO.admin, state.incidentPath);
  await page.getByRole('button', { name: 'Resolve incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve this incident?' });
  await dialog.getByRole('textbox', { name: 'Message to the customers' }).fill(RESOLUTION);
  await page.screenshot({ path: `${SHOTS}/resolve-dialog-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Incident resolved; ${REPORTS} tickets solved`)).toBeVisible();
  await expect(page.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(RESOLUTION)).toBeVisible();

  await page.goto('/incidents?tab=resolved&page=1');
  await expect(page.getByRole('link', { name: `${state.groupName} › ${state.subgroupName}` }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/incidents-resolved-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/incidents-resolved-phone.png`, fullPage: true });

  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.customer, `/view-ticket?id=${state.ticketIds[0]}`);
  await expect(page.getByText(RESOLUTION)).toBeVisible();
  await expect(page.getByText('Solved').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customer-ticket-desktop.png` });
});
