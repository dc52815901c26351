/**
 * Help articles (DESIGN.md §28): staff write and publish an article in both languages through the
 * editor; a visitor on a phone typing a ticket's title on the public form is offered it and opens
 * it without losing the form (the server's page of the article, which loads no script); the help
 * pages read in Bangla; axe passes on /help and on an article. Hostile Markdown renders as text.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openPublicForm } from './support/public-form.ts';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '/tmp/articles-shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const SLUG = `router-lights-${stamp}`;
const TITLE_EN = `Router lights ${stamp}`;
const TITLE_BN = `রাউটারের বাতি ${stamp}`;
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe.configure({ mode: 'serial' });

async function violationsOf(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const run of [new AxeBuilder({ page }).withTags(WCAG_AA), new AxeBuilder({ page }).withRules(['region'])]) {
    const { violations } = await run.analyze();
    for (const violation of violations)
      for (const node of violation.nodes) found.push(`${violation.id}: ${node.target.join(' ')}`);
  }
  return found;
}

test('staff write and publish an article in both languages through the editor', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, '/articles?page=1');
  await expect(page.getByRole('heading', { name: 'Help articles' })).toBeVisible();
  await page.getByRole('button', { name: 'New article' }).click();
  const dialog = page.getByRole('dialog', { name: 'New help article' });
  await dialog.getByRole('textbox', { name: 'Address (slug)' }).fill(SLUG);
  await dialog.getByRole('textbox', { name: 'Title in English' }).fill(TITLE_EN);
  await dialog
    .getByRole('textbox', { name: 'Text in English (Markdown)' })
    .fill('When the **LOS** light is red, the fibre is cut.\n\n<script>window.__xss=1</script> [x](javascript:alert(1))');
  await expect(dialog.getByTestId('preview-en').locator('strong')).toHaveText('LOS');
  await expect(dialog.getByTestId('preview-en')).toContainText('<script>window.__xss=1</script>');
  await expect(dialog.getByTestId('preview-en').locator('a[href^="javascript"]')).toHaveCount(0);
  // The article answers one subgroup: a group narrows the subgroups offered.
  await dialog.getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'IP Telephony' }).click();
  await dialog.getByRole('combobox', { name: 'Subgroup it answers' }).click();
  await page.getByRole('option').first().click();
  const subgroupName = await dialog.getByRole('combobox', { name: 'Subgroup it answers' }).inputValue();
  expect(subgroupName).not.toBe('');
  // Saving without the Bangla text says what is missing.
  await dialog.getByRole('switch', { name: 'Published' }).check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByRole('tab', { name: 'Bangla' }).click();
  await expect(dialog.getByText('The Bangla title is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title in Bangla' }).fill(TITLE_BN);
  await dialog.getByRole('textbox', { name: 'Text in Bangla (Markdown)' }).fill('**LOS** বাতি লাল হলে ফাইবার কাটা।');
  await expect(dialog.getByTestId('preview-bn').locator('strong')).toHaveText('LOS');
  await page.screenshot({ path: `${SHOTS}/editor-desktop.png` });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search articles' }).fill(stamp);
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const row = page.getByRole('row', { name: new RegExp(TITLE_EN) });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Public');
  await page.screenshot({ path: `${SHOTS}/list-desktop.png` });
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test('a visitor on a phone typing a title on the public form sees the article suggested and opens it', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  await openPublicForm(page);
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill(`router lights ${stamp} are red`.slice(0, 20));
  await title.fill(`Router lights ${stamp}`);
  const suggestion = page.getByRole('link', { name: `${TITLE_EN} (opens in a new tab)` });
  await expect(suggestion).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/suggestions-phone.png`, fullPage: true });
  const scripts: string[] = [];
  // Every script any page of the help asks for, from the tab's first request on.
  context.on('request', (request) => {
    if (request.resourceType() === 'script' && request.frame().url().includes('/help/')) scripts.push(request.url());
  });
  const [tab] = await Promise.all([context.waitForEvent('page'), suggestion.click()]);
  await tab.setViewportSize(PHONE);
  await expect(tab).toHaveURL(new RegExp(`/help/${SLUG}\\?lang=en$`));
  await expect(tab.getByRole('heading', { name: TITLE_EN })).toBeVisible();
  await expect(tab.locator('article strong')).toHaveText('LOS');
  await expect(tab.locator('article script')).toHaveCount(0);
  await tab.screenshot({ path: `${SHOTS}/article-phone.png`, fullPage: true });
  // The article's page is the server's: it loads no script at all.
  await tab.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  await tab.close();
  // The form kept what was typed.
  await expect(title).toHaveValue(`Router lights ${stamp}`);

  // Leaving the form without submitting counts the opened article as a report avoided.
  const avoided = async () => {
    const headers = { authorization: `Bearer ${await tokenFor(page.request, DEMO.rs)}` };
    const reply = await page.request.get('/api/v1/dashboard?days=1', { headers });
    return (await reply.json()).data.reports_avoided_articles as number;
  };
  const before = await avoided();
  await page.goto('/help');
  await expect.poll(avoided).toBe(before + 1);
});

test('staff screen and the create form fit a phone; the create form suggests too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.rs, `/articles?q=${stamp}&page=1`);
  await expect(page.getByRole('row', { name: new RegExp(TITLE_EN) })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/list-phone.png`, fullPage: true });
  await page.getByRole('button', { name: `Edit ${TITLE_EN}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit help article' });
  await expect(dialog.getByRole('textbox', { name: 'Title in English' })).toHaveValue(TITLE_EN);
  // The saved subgroup comes back with its group.
  await expect(dialog.getByRole('combobox', { name: 'Group', exact: true })).toHaveValue('IP Telephony');
  await expect(dialog.getByRole('combobox', { name: 'Subgroup it answers' })).not.toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/editor-phone.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/add-ticket');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Router lights ${stamp}`);
  await expect(page.getByRole('link', { name: `${TITLE_EN} (opens in a new tab)` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/add-ticket-suggestions-phone.png`, fullPage: true });
});

test("staff insert an article's title and public address into a reply from Insert reply", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, DEMO.rs, '/tickets');
  const ticketId = await issueTicketAs(page.request, await tokenFor(page.request, DEMO.customer), `ONU red ${stamp}`);
  await page.goto(`/view-ticket?id=${ticketId}`);
  const message = page.getByRole('textbox', { name: 'Add comment' });
  await message.pressSequentially('Please read: ');
  await page.getByRole('button', { name: 'Insert reply' }).click();
  await page.getByText('Help articles', { exact: true }).click();
  const picker = page.getByRole('group', { name: 'Help article links' });
  await picker.getByRole('textbox', { name: 'Search help articles' }).fill(stamp);
  await picker.getByRole('button', { name: new RegExp(TITLE_EN) }).waitFor();
  await page.screenshot({ path: `${SHOTS}/picker-articles-desktop.png` });
  await picker.getByRole('button', { name: new RegExp(TITLE_EN) }).click();
  const link = `${new URL(page.url()).origin}/help/${SLUG}`;
  await expect(message).toHaveValue(`Please read: ${TITLE_EN}: ${link}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(link).first()).toBeVisible();
  // The link leads a customer to the article.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: TITLE_EN })).toBeVisible();
});

test('the help pages read in Bangla, and axe passes on /help at both widths', async ({ page }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Help', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Restart your ONU' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await violationsOf(page), `/help at ${viewport.width}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/help-${viewport.width}.png`, fullPage: true });
  }
  await page.getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.getByRole('heading', { name: 'সহায়তা', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'সহায়তা খুঁজুন' }).fill('রাউটারের বাতি');
  await page.getByRole('searchbox', { name: 'সহায়তা খুঁজুন' }).press('Enter');
  await expect(page).toHaveURL(/\/help\?q=/);
  await page.getByRole('link', { name: TITLE_BN }).click();
  await expect(page).toHaveURL(new RegExp(`/help/${SLUG}\\?lang=bn$`));
  await expect(page.getByRole('heading', { name: TITLE_BN })).toBeVisible();
  await expect(page.locator('article')).toContainText('বাতি লাল হলে ফাইবার কাটা');
  expect(await violationsOf(page), `/help/${SLUG} in Bangla`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/article-bn-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/article-bn-desktop.png`, fullPage: true });
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: TITLE_EN })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/article-en-desktop.png`, fullPage: true });

  // An article nobody may read is a page that says so, with the ways on.
  const missing = await page.goto(`/help/no-such-article-${stamp}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'There is no such article.' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'All help articles' })).toBeVisible();
  expect(await violationsOf(page), '404 page').toEqual([]);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/not-found-phone.png`, fullPage: true });
});
