/**
 * The workflow between departments: cc brings a customer's ticket to iptsp (through the API),
 * iptsp staff forward it to Retail Sales and stay in the loop, rs staff find it in Tickets and
 * Forwarded Tickets and resolve it, the customer sees it solved without actions, and the
 * forwarded list picks up a new forward by itself. The dialogs at desktop and phone widths.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/workflow';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const stamp = Date.now().toString(36);
const TITLE = `Plan upgrade after the fibre repair ${stamp}`;
const LATER_TITLE = `Static IP needed for CCTV ${stamp}`;
const CAUSE = `The customer wants the 50 Mbps plan now that the line is fixed ${stamp}`;

test.describe.configure({ mode: 'serial' });

const tokens: Record<string, string> = {};
let ticketId = 0;
let laterTicketId = 0;

/** The session token of a demo account, signed in once per run (the same token the UI uses). */
async function tokenOf(page: Page, entry: string): Promise<string> {
  const known = tokens[entry];
  if (known) return known;
  await signInAs(page, entry, '/create-ticket');
  const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
  if (!token) throw new Error(`no token for ${entry}`);
  tokens[entry] = token;
  return token;
}

async function api<T>(page: Page, entry: string, path: string, data: object): Promise<T> {
  const reply = await page.request.post(`/api/v1${path}`, {
    headers: { authorization: `Bearer ${await tokenOf(page, entry)}` },
    data,
  });
  if (!reply.ok()) throw new Error(`${path}: ${reply.status()} ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** A customer's ticket, issued through the API (it starts at cc). */
async function issueTicket(page: Page, title: string): Promise<number> {
  return issueTicketAs(
    page.request,
    await tokenOf(page, DEMO.customer),
    title,
    'The line works again; now the customer asks about a faster plan.',
  );
}

/** A forward made by cc through the API, as another desk would. */
function forwardByCc(page: Page, id: number, to: string, inLoop = true) {
  return api(page, DEMO.admin, '/tickets/forward-ticket', {
    ticket_id: id,
    previously_issued_to: 'cc',
    newly_issued_to: to,
    forward_cause: 'Needs the department that runs the service',
    is_in_forward_loop: inLoop,
  });
}

const actions = (page: Page) => page.getByRole('region', { name: 'Ticket actions' });

test('iptsp staff forward a ticket held by iptsp to Retail Sales and stay in the loop', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  ticketId = await issueTicket(page, TITLE);
  await forwardByCc(page, ticketId, 'iptsp');

  await signInAs(page, DEMO.iptsp, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(actions(page).getByRole('button')).toHaveText(['Forward', 'Resolve', 'Resolve & Forward to Corporate Support']);

  await actions(page).getByRole('button', { name: 'Forward', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Forward ticket #${ticketId}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Choose the department to forward to')).toBeVisible();
  await expect(dialog.getByText('Write the cause of the forward')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Forward to' }).click();
  await expect(page.getByRole('option')).toHaveText(['Customer Care', 'Retail Sales', 'OSS & BSS']);
  await page.getByRole('option', { name: 'Retail Sales' }).click();
  await dialog.getByRole('textbox', { name: 'Cause' }).fill(CAUSE);
  const stay = dialog.getByRole('switch', { name: /Stay in the forward loop/ });
  await stay.check();
  await expect(stay).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/forward-dialog-desktop.png` });

  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully forwarded this ticket')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Now with Retail Sales: iptsp may no longer act on it, and the history says how it got there.
  await expect(actions(page).getByRole('button')).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Forward history' });
  await expect(history.getByText('IPTSP → Retail Sales')).toBeVisible();
  await expect(history.getByText(CAUSE)).toBeVisible();
  await expect(page.getByText('Forwarded to Retail Sales')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/after-forward-desktop.png`, fullPage: true });

  // Staying in the loop keeps it in iptsp's forwarded list.
  await page.goto('/forwarded-tickets?page=1');
  await expect(page.getByTestId('ticket-row').filter({ hasText: String(ticketId) })).toBeVisible();
});

test('rs staff find it in Tickets and Forwarded Tickets and resolve it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, '/tickets?page=1');
  await expect(page.getByTestId('ticket-row').filter({ hasText: String(ticketId) })).toBeVisible();
  await page.getByRole('link', { name: 'Forwarded Tickets' }).first().click();
  await expect(page).toHaveURL(/\/forwarded-tickets\?page=1/);
  const row = page.getByTestId('ticket-row').filter({ hasText: String(ticketId) });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/forwarded-list-desktop.png`, fullPage: true });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ticketId}`));

  await actions(page).getByRole('button', { name: 'Resolve & Forward to Corporate Support' }).click();
  const handOver = page.getByRole('dialog', { name: 'Resolve & Forward to Corporate Support' });
  await expect(handOver.getByRole('textbox', { name: 'Cause' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/resolve-and-forward-dialog-desktop.png` });
  await handOver.getByRole('button', { name: 'Close' }).click();
  await expect(handOver).toHaveCount(0);

  await actions(page).getByRole('button', { name: 'Resolve', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Resolve ticket #${ticketId}` });
  await expect(confirm.getByText('Mark this ticket as solved?')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/resolve-dialog-desktop.png` });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully resolved this ticket')).toBeVisible();
  await expect(page.getByText('Solved').first()).toBeVisible();
  await expect(actions(page).getByRole('button')).toHaveCount(0);
});

test('the customer sees Solved, no actions and nothing of the routing', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.customer, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('Solved').first()).toBeVisible();
  await expect(actions(page).getByRole('button')).toHaveCount(0);
  await expect(page.getByText('Forwarded to')).toHaveCount(0);
  await expect(page.getByText(CAUSE)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/customer-solved-desktop.png`, fullPage: true });
});

test('the forwarded list shows a new forward within 30 seconds, without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, '/forwarded-tickets?page=1');
  await expect(page.getByTestId('ticket-row').first()).toBeVisible();
  let reloads = 0;
  page.on('load', () => reloads++);

  laterTicketId = await issueTicket(page, LATER_TITLE);
  await forwardByCc(page, laterTicketId, 'rs', false);
  // The refresh comes on its 30-second clock; 35 s leave room for a busy machine.
  await expect(page.getByTestId('ticket-row').first()).toContainText(String(laterTicketId), { timeout: 35_000 });
  expect(reloads).toBe(0);
  await expect(page).toHaveURL(/\/forwarded-tickets\?page=1$/);
});

test('the dialogs at phone width', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.rs, `/view-ticket?id=${laterTicketId}`);
  await expect(page.getByRole('heading', { name: LATER_TITLE })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/actions-phone.png`, fullPage: true });

  await actions(page).getByRole('button', { name: 'Forward', exact: true }).click();
  const forward = page.getByRole('dialog', { name: `Forward ticket #${laterTicketId}` });
  await forward.getByRole('combobox', { name: 'Forward to' }).click();
  // Retail Sales holds it: rs staff choose among the others.
  await expect(page.getByRole('option')).toHaveText(['Customer Care', 'IPTSP', 'OSS & BSS']);
  await page.getByRole('option', { name: 'OSS & BSS' }).click();
  await forward.getByRole('textbox', { name: 'Cause' }).fill('Needs a static IP on the OLT');
  await page.screenshot({ path: `${SHOTS}/forward-dialog-phone.png` });
  await forward.getByRole('button', { name: 'Close' }).click();
  await expect(forward).toHaveCount(0);

  await actions(page).getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Resolve ticket #${laterTicketId}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/resolve-dialog-phone.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await actions(page).getByRole('button', { name: 'Resolve & Forward to Corporate Support' }).click();
  const handOver = page.getByRole('dialog', { name: 'Resolve & Forward to Corporate Support' });
  await handOver.getByRole('button', { name: 'Confirm' }).click();
  await expect(handOver.getByText('Write the cause of the forward')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/resolve-and-forward-dialog-phone.png` });
  await handOver.getByRole('button', { name: 'Close' }).click();
  await expect(handOver).toHaveCount(0);
});
