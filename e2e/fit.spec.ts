/**
 * What only a browser shows about fit, at a phone and two desktop widths, in English and Bangla:
 * no field's words (its value or placeholder) and no badge cut off, nothing pushing the page wider
 * than the screen, the incident page's tickets as cards on a phone, and on a phone the ticket's
 * conversation and reply box before its history and side panels.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const WIDTHS = [1024, 1280, 390] as const;
const LANGUAGES = ['en', 'bn'] as const;
const stamp = Date.now().toString(36);

const state = { ticketId: 0, incidentId: 0 };

test.beforeAll(async ({ request }) => {
  const customer = await tokenFor(request, DEMO.customer);
  const admin = await tokenFor(request, DEMO.admin);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push(await issueTicketAs(request, customer, `Slow at night ${stamp}-${i}`));
  state.ticketId = ids[0] ?? 0;
  state.incidentId = await createIncident(request, admin, ids.slice(1));
});

async function createIncident(request: APIRequestContext, token: string, ticketIds: number[]): Promise<number> {
  const reply = await request.post('/api/v1/incidents', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: `Evening slowdown ${stamp}`, ticket_ids: ticketIds },
  });
  if (!reply.ok()) throw new Error(`incidents: ${reply.status()} ${await reply.text()}`);
  return ((await reply.json()) as { data: { id: number } }).data.id;
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

/** Words that do not fit where they are shown: a field's value or placeholder, a badge, the page's width. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    const context = document.createElement('canvas').getContext('2d');
    for (const input of document.querySelectorAll<HTMLInputElement>('main input:not([type=hidden]):not([type=checkbox])')) {
      const words = input.value || input.placeholder;
      if (!words || !context || input.offsetParent === null) continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needed = context.measureText(words).width;
      if (needed > room + 1) found.push(`"${words}" needs ${Math.ceil(needed)}px of ${Math.floor(room)}px`);
    }
    for (const label of document.querySelectorAll<HTMLElement>('main .mantine-Badge-label')) {
      if (label.offsetParent === null) continue;
      if (label.scrollWidth > label.clientWidth + 1) found.push(`badge "${label.innerText}" is cut off`);
      const box = label.getBoundingClientRect();
      if (box.right > width + 1) found.push(`badge "${label.innerText}" runs off the screen`);
    }
    return found;
  });
}

async function open(page: Page, language: (typeof LANGUAGES)[number], width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript((value) => localStorage.setItem('language', value), language);
  await signInAs(page, DEMO.admin, path);
  await settle(page);
}

for (const language of LANGUAGES) {
  test(`the ticket list's fields and badges fit at phone and desktop widths (${language})`, async ({ page }) => {
    for (const width of WIDTHS) {
      await open(page, language, width, '/tickets?page=1');
      // On a phone the filters are folded away: unfold them.
      const toggle = page.locator('main button[aria-expanded]').first();
      if (width < 768 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await page.waitForTimeout(300);
      expect(await cutOff(page), `/tickets at ${width}px`).toEqual([]);
    }
  });

  test(`the ticket view's fields fit at phone and desktop widths (${language})`, async ({ page }) => {
    for (const width of WIDTHS) {
      await open(page, language, width, `/view-ticket?id=${state.ticketId}`);
      expect(await cutOff(page), `the ticket at ${width}px`).toEqual([]);
    }
  });

  test(`the incident page fits at phone and desktop widths (${language})`, async ({ page }) => {
    for (const width of WIDTHS) {
      await open(page, language, width, `/incidents/${state.incidentId}`);
      expect(await cutOff(page), `the incident at ${width}px`).toEqual([]);
      // Every ticket's number shows whole, inside the screen.
      const links = page.locator('main a[href^="/view-ticket"]');
      await expect(links.first()).toBeVisible();
      for (const link of await links.all()) {
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `ticket link at ${width}px`).toBe(true);
      }
    }
  });
}

test('on a phone the conversation and the reply box come before the details and the history', async ({ page }) => {
  await open(page, 'en', 390, `/view-ticket?id=${state.ticketId}`);
  const replyBox = page.getByRole('form', { name: 'New comment' });
  await expect(replyBox).toBeVisible();
  const below = async (locator: ReturnType<Page['locator']>, what: string) => {
    await expect(locator).toBeVisible();
    const replyBottom = await replyBox.evaluate((element) => element.getBoundingClientRect().bottom);
    const top = await locator.evaluate((element) => element.getBoundingClientRect().top);
    expect(top, `${what} below the reply box`).toBeGreaterThan(replyBottom);
  };
  await below(page.getByRole('heading', { name: 'Details', exact: true }), 'the details');
  await below(page.getByRole('region', { name: /^History of/ }), "the number's history");

  // A desktop keeps the details beside the conversation.
  await page.setViewportSize({ width: 1280, height: 900 });
  const details = page.getByRole('heading', { name: 'Details', exact: true });
  const beside = await details.evaluate((element) => element.getBoundingClientRect().left);
  const replyLeft = await replyBox.evaluate((element) => element.getBoundingClientRect().right);
  expect(beside).toBeGreaterThan(replyLeft);
});
