/**
 * The number's history (DESIGN.md §12): staff open a ticket and see the line's other tickets and
 * what happened to them, open on a desktop and collapsed on a phone; an agent typing a number with
 * an open ticket on /add-ticket is told so with a link before submitting, and finds the report
 * being typed again on coming back; the public page never
 * tells anybody about a number's tickets.
 */
import { randomInt } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Group, IssueTicketReply } from '@switchboard/shared';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { openPublicForm } from './support/public-form.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/number-history';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const stamp = Date.now().toString(36);
/** A line nobody else's journey uses: 017 + 8 random digits. */
const ENTRY = `017${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const NUMBER = `88${ENTRY}`;
const CAUSE = `Needs a field visit ${stamp}`;

test.describe.configure({ mode: 'serial' });

const ids = { forwarded: 0, agents: 0, solved: 0 };

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const reply = await request.post(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  if (!reply.ok()) throw new Error(`${path}: ${reply.status()} ${await reply.text()}`);
  return (await reply.json()) as T;
}

async function issueOnNumber(request: APIRequestContext, token: string, title: string, issuerType: 'agent' | 'customer') {
  const groups = (await (await request.get('/api/v1/groups')).json()) as { data: Group[] };
  const group = groups.data.find((candidate) => candidate.group_name === 'Internet') ?? groups.data[0];
  if (!group) throw new Error('no groups in the demo data');
  const reply = await post<IssueTicketReply>(request, token, '/tickets/issue-ticket', {
    title,
    problematic_number: NUMBER,
    description: 'The line drops every evening.',
    group_id: group._id,
    sub_group_id: group.sub_groups[0]?._id ?? null,
    issuer_user_type: issuerType,
  });
  return reply.data.ticket_id;
}

test.beforeAll(async ({ request }) => {
  const customer = await tokenFor(request, DEMO.customer);
  const agent = await tokenFor(request, DEMO.agent);
  const cc = await tokenFor(request, DEMO.admin);
  ids.solved = await issueOnNumber(request, customer, `Router replaced ${stamp}`, 'customer');
  await post(request, cc, '/tickets/resolve-ticket', { ticket_id: ids.solved });
  // The customer's reply reopens it; it is solved again.
  await post(request, customer, '/tickets/add-comment', {
    ticket_id: ids.solved,
    message: 'It dropped again',
    is_internal: false,
  });
  await post(request, cc, '/tickets/resolve-ticket', { ticket_id: ids.solved });
  ids.agents = await issueOnNumber(request, agent, `Slow speed in the evening ${stamp}`, 'agent');
  ids.forwarded = await issueOnNumber(request, customer, `No internet since the storm ${stamp}`, 'customer');
  await post(request, cc, '/tickets/forward-ticket', {
    ticket_id: ids.forwarded,
    previously_issued_to: 'cc',
    newly_issued_to: 'iptsp',
    forward_cause: CAUSE,
    is_in_forward_loop: false,
  });
});

const panelOf = (page: Page) => page.getByRole('region', { name: `History of +${NUMBER}` });

test('staff see the history of the number beside the ticket', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.admin, `/view-ticket?id=${ids.forwarded}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('No internet since the storm');
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByText('2 open · 3 tickets in all')).toBeVisible();
  await expect(panel.getByRole('link', { name: `#${ids.agents}` }).first()).toHaveAttribute(
    'href',
    `/view-ticket?id=${ids.agents}`,
  );
  await expect(panel.getByRole('link', { name: `#${ids.solved}` }).first()).toBeVisible();
  // The timeline tells the other tickets' events: this ticket's own forward is on the screen already.
  await expect(panel.getByText(`Forwarded from Customer Care to IPTSP: ${CAUSE}`)).toHaveCount(0);
  await expect(panel.getByText('this ticket', { exact: true })).toHaveCount(0);
  await expect(panel.getByText(/^Resolved by /)).toHaveCount(2);
  // The demo customer (DESIGN.md §9) reopened the solved ticket by replying.
  await expect(panel.getByText('Reopened by Sadia Karim')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/history-panel-desktop.png`, fullPage: true });
  const { violations } = await new AxeBuilder({ page })
    .include(`[aria-label="History of +${NUMBER}"]`)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // A link of the panel opens the other ticket, whose panel names this one.
  await panel
    .getByRole('link', { name: `#${ids.agents}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ids.agents}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Slow speed in the evening');
  await expect(
    panelOf(page)
      .getByRole('link', { name: `#${ids.forwarded}` })
      .first(),
  ).toBeVisible();
  // Seen from another ticket of the number, the forward is one of the other tickets' events.
  await expect(panelOf(page).getByText(`Forwarded from Customer Care to IPTSP: ${CAUSE}`)).toBeVisible();
});

test('on a phone the history is collapsed below the ticket and opens on a tap', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.admin, `/view-ticket?id=${ids.agents}`);
  const panel = panelOf(page);
  const toggle = panel.getByRole('button', { name: `History of +${NUMBER}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByText('2 open · 3 tickets in all')).toBeVisible();
  await expect(panel.getByText(`Forwarded from Customer Care to IPTSP: ${CAUSE}`)).toBeHidden();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/history-panel-phone-collapsed.png` });

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByText(`Forwarded from Customer Care to IPTSP: ${CAUSE}`)).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/history-panel-phone-open.png` });
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`an agent typing a number with an open ticket is told so before submitting (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO.agent, '/add-ticket');
    const field = page.getByLabel(/^Problematic Number/);
    await field.fill(ENTRY.slice(0, 10));
    await page.waitForTimeout(800);
    await expect(page.getByText(/open ticket/)).toHaveCount(0);

    await field.fill(ENTRY);
    // The agent sees only the tickets they issued: the customer's open ticket stays theirs.
    const notice = page.getByRole('status').filter({ hasText: 'This number has 1 open ticket' });
    await expect(notice).toBeVisible();
    const link = notice.getByRole('link', { name: new RegExp(`#${ids.agents} Slow speed in the evening`) });
    await expect(link).toHaveAttribute('href', `/view-ticket?id=${ids.agents}`);
    // Non-blocking: the rest of the form stays usable.
    await expect(page.getByLabel(/^Description/)).toBeEditable();
    await page.screenshot({ path: `${SHOTS}/add-ticket-notice-${name}.png`, fullPage: true });

    // Following the link keeps the report being typed: Back shows it again.
    await page.getByLabel(/^Title/).fill(`Drops again ${name}`);
    await page.getByLabel(/^Description/).fill('The line drops every evening around nine.');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ids.agents}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/add-ticket$/);
    await expect(page.getByLabel(/^Title/)).toHaveValue(`Drops again ${name}`);
    await expect(page.getByLabel(/^Problematic Number/)).toHaveValue(ENTRY);
    await expect(page.getByLabel(/^Description/)).toHaveValue('The line drops every evening around nine.');
  });
}

test('the public page says nothing about the tickets of a number', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/number-history/')) asked.push(request.url());
  });
  await openPublicForm(page);
  await page.getByLabel(/^Problematic Number/).fill(ENTRY);
  await page.waitForTimeout(1500);
  await expect(page.getByText(/open ticket/)).toHaveCount(0);
  expect(asked).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/public-page-no-notice-desktop.png` });
});
