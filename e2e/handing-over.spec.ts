/**
 * Handing a ticket to a colleague (DESIGN.md §19): Retail Sales staff pick a colleague of their
 * department on the ticket view, whose name then shows in the staff's ticket list; a customer's
 * list has no assignee column. English and Bangla, desktop and phone.
 */
import { randomInt } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.SHOTS_DIR ?? '.screenshots/handing-over';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const stamp = Date.now().toString(36);
const COLLEAGUE = `Nusrat Jahan ${stamp}`;
const OUTSIDER = `Kamal Hossain ${stamp}`;

test.describe.configure({ mode: 'serial' });

const ids: number[] = [];

async function signUp(request: APIRequestContext, token: string, name: string, userType: string) {
  const reply = await request.post('/api/v1/users/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      product_number: `88096${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
      phone_number: `8801${String(randomInt(300_000_000, 999_999_999))}`,
      user_type: userType,
      role: 'user',
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  const admin = await tokenFor(request, DEMO.admin);
  await signUp(request, admin, COLLEAGUE, 'rs');
  await signUp(request, admin, OUTSIDER, 'iptsp');
  const customer = await tokenFor(request, DEMO.customer);
  for (const language of ['en', 'bn']) {
    const id = await issueTicketAs(request, customer, `Recharge not credited ${language} ${stamp}`);
    // Customer Care sends it to Retail Sales, whose staff hand it on.
    const forwarded = await request.post('/api/v1/tickets/forward-ticket', {
      headers: { authorization: `Bearer ${admin}` },
      data: {
        ticket_id: id,
        previously_issued_to: 'cc',
        newly_issued_to: 'rs',
        forward_cause: 'Billing question',
        is_in_forward_loop: false,
      },
    });
    expect(forwarded.ok(), await forwarded.text()).toBe(true);
    ids.push(id);
  }
});

for (const [index, language] of (['en', 'bn'] as const).entries()) {
  test(`staff hand a ticket to a colleague, and the list shows who has it (${language})`, async ({ page }) => {
    const id = ids[index] ?? 0;
    if (language === 'bn') await page.addInitScript(() => localStorage.setItem('language', 'bn'));
    await page.setViewportSize(DESKTOP);
    await signInAs(page, DEMO.rs, `/view-ticket?id=${id}`);
    const picker = page.getByRole('combobox', { name: language === 'en' ? 'Hand to a colleague' : 'সহকর্মীকে দায়িত্ব দিন' });
    await expect(picker).toBeVisible();

    // Only Retail Sales staff are offered: a colleague of another department is not found.
    await picker.fill(OUTSIDER);
    await expect(page.getByText(language === 'en' ? 'Nobody found' : 'কাউকে পাওয়া যায়নি')).toBeVisible();
    await picker.fill(stamp);
    const option = page.getByRole('option', { name: COLLEAGUE });
    await expect(option).toBeVisible();
    await expect(page.getByRole('option', { name: OUTSIDER })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/picker-${language}-desktop.png`, fullPage: true });
    await option.click();
    await expect(page.getByTestId('assignee-name')).toHaveText(COLLEAGUE);
    await page.setViewportSize(PHONE);
    await page.getByTestId('assignee-name').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/handed-${language}-phone.png` });

    await page.setViewportSize(DESKTOP);
    await page.goto(`/tickets?page=1&ticket_id=${id}`);
    const row = page.getByTestId('ticket-row').filter({ hasText: String(id) });
    await expect(row.getByTestId('ticket-assignee')).toHaveText(COLLEAGUE);
    await expect(page.getByRole('columnheader', { name: language === 'en' ? 'Assignee' : 'দায়িত্বপ্রাপ্ত' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/list-${language}-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(
      page
        .getByTestId('ticket-row')
        .filter({ hasText: String(id) })
        .getByTestId('ticket-assignee'),
    ).toContainText(COLLEAGUE);
    await page.screenshot({ path: `${SHOTS}/list-${language}-phone.png`, fullPage: true });
  });
}

test('a customer sees no assignee in their list', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.customer, '/tickets?page=1');
  await expect(page.getByTestId('ticket-row').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Assignee' })).toHaveCount(0);
  await expect(page.getByTestId('ticket-assignee')).toHaveCount(0);
  await expect(page.getByText(COLLEAGUE)).toHaveCount(0);
});
