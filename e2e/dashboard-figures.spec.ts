/**
 * Every figure of the dashboard opens exactly the tickets it counts (DESIGN.md §17): the "Solved"
 * total and each day's solved figure open the tickets solved in those days (not every closed
 * ticket), and the list says that it is narrowed to them, with a way to remove it.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { IncidentListReply, TicketListReply } from '@switchboard/shared';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.SHOTS_DIR ?? '.screenshots/dashboard-figures';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

let token = '';

test.beforeAll(async ({ request }) => {
  token = await tokenFor(request, DEMO.admin);
  // A ticket solved today, so that today's solved figure opens a list with a row.
  const id = await issueTicketAs(request, await tokenFor(request, DEMO.customer), `Solved today ${Date.now().toString(36)}`);
  const solved = await request.post('/api/v1/tickets/resolve-ticket', {
    headers: { authorization: `Bearer ${token}` },
    data: { ticket_id: id },
  });
  expect(solved.ok()).toBe(true);
});

/** How many tickets (or incidents) the list behind a dashboard link holds, read from the API. */
async function countBehind(request: APIRequestContext, href: string): Promise<number> {
  const url = new URL(href, 'http://desk');
  const query = new URLSearchParams(url.searchParams);
  query.delete('page');
  const headers = { authorization: `Bearer ${token}` };
  if (url.pathname === '/incidents') {
    const reply = await request.get(`/api/v1/incidents?status=${query.get('tab') ?? 'active'}`, { headers });
    return ((await reply.json()) as IncidentListReply).total;
  }
  expect(url.pathname).toBe('/tickets');
  const reply = await request.get(`/api/v1/tickets/user-type-wise-tickets/1?${query.toString()}`, { headers });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as TicketListReply).total_tickets;
}

/** The dashboard's links that show a count ("12 tickets", "3", "1 incident"), with the count and where they go. */
async function countLinks(page: Page): Promise<{ count: number; href: string; text: string }[]> {
  const links = await page
    .locator('main a[href^="/tickets"], main a[href^="/incidents"]')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => ({ text: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' })),
    );
  return links
    .map((link) => ({ ...link, match: /^(\d+)( tickets?| incidents?)?$/.exec(link.text.trim()) }))
    .filter((link) => link.match !== null)
    .map((link) => ({ count: Number(link.match?.[1]), href: link.href, text: link.text }));
}

for (const days of ['7', '30']) {
  test(`every count on the dashboard (${days} days) equals the tickets its link lists`, async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, DEMO.admin, '/dashboard');
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${days} days$`) })
      .click();
    await expect(page.getByRole('radio', { name: `${days} days` })).toBeChecked();
    await expect(page.getByRole('link', { name: /^\d+ tickets?$/ }).first()).toBeVisible();
    await page.getByText('The days as a table').click();
    const links = await countLinks(page);
    // Four totals, each day's two figures, four departments' three backlog figures.
    expect(links.length).toBeGreaterThanOrEqual(4 + Number(days) * 2 + 12);
    const wrong: string[] = [];
    for (const link of links) {
      const listed = await countBehind(request, link.href);
      if (listed !== link.count) wrong.push(`${link.text} → ${link.href} lists ${listed}`);
    }
    expect(wrong).toEqual([]);
  });
}

for (const [language, solvedLabel, noticeStart] of [
  ['en', 'Solved', 'Solved between '],
  ['bn', 'সমাধান হয়েছে', ''],
] as const) {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`the "Solved" total opens the tickets solved in the period and says so (${language}, ${name})`, async ({ page }) => {
      if (language === 'bn') await page.addInitScript(() => localStorage.setItem('language', 'bn'));
      await page.setViewportSize(viewport);
      await signInAs(page, DEMO.admin, '/dashboard');
      // The shortest period: "Solved 20 tickets" in 7 days once opened all 24 solved ever.
      await page.locator('.mantine-SegmentedControl-label').first().click();
      await expect(page.getByRole('radio').first()).toBeChecked();
      const total = page.locator('.mantine-Paper-root').filter({ hasText: solvedLabel }).first().getByRole('link');
      await expect(total).toBeVisible();
      const href = (await total.getAttribute('href')) ?? '';
      expect(href).toMatch(/resolved_from=\d{4}-\d{2}-\d{2}&resolved_to=\d{4}-\d{2}-\d{2}/);
      expect(href).not.toContain('status=closed');
      await page.screenshot({ path: `${SHOTS}/dashboard-${language}-${name}.png`, fullPage: true });
      await total.click();
      await expect(page).toHaveURL(/\/tickets\?.*resolved_from=/);
      const notice = page.getByTestId('solved-filter');
      await expect(notice).toBeVisible();
      const from = new URL(page.url()).searchParams.get('resolved_from') ?? '';
      await expect(notice).toContainText(from);
      if (noticeStart) await expect(notice).toContainText(noticeStart);
      await expect(page.getByTestId('ticket-row').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/solved-list-${language}-${name}.png`, fullPage: true });

      // Removing the filter says so and widens the list.
      await notice.getByRole('button').click();
      await expect(page).not.toHaveURL(/resolved_from=/);
      await expect(page.getByTestId('solved-filter')).toHaveCount(0);
    });
  }
}
