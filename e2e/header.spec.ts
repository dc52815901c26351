/**
 * The header at every width from a small phone to a wide desktop, for the user with the most links
 * (an admin) and a staff member, in English and in Bangla (whose words are longer): every link is
 * either in the bar, visible and not covered by anything, or behind the burger in the menu.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';

type Language = 'en' | 'bn';

function layoutWords(language: Language): Record<string, string> {
  const file = path.join(import.meta.dirname, '../packages/shared/messages', language, 'web/app/layout.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const ACCOUNTS = [
  {
    who: 'an admin',
    entry: DEMO.admin,
    bar: ['createTicket', 'tickets', 'dashboard', 'forwardedTickets', 'incidents', 'cannedReplies', 'report'],
    admin: ['users', 'groups', 'notifications', 'audit', 'serviceLevels', 'integrations', 'alarms'],
  },
  {
    who: 'an rs staff member',
    entry: DEMO.rs,
    bar: ['createTicket', 'tickets', 'dashboard', 'forwardedTickets', 'incidents', 'alarms', 'cannedReplies', 'report'],
    admin: [],
  },
] as const;

const WIDTHS = Array.from({ length: (1920 - 320) / 40 + 1 }, (_, index) => 320 + index * 40);

/** Why an element cannot be clicked where it is: out of the screen, or something else at its centre. */
async function blockedReason(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return 'has no size';
    if (box.left < 0 || box.top < 0 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5)
      return `is off the screen (${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth})`;
    // Clipped by a scrolling or hidden-overflow ancestor.
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return 'is cut off by its row';
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !(hit === element || element.contains(hit))) {
      const name = hit ? `${hit.tagName.toLowerCase()} "${(hit as HTMLElement).innerText?.slice(0, 30) ?? ''}"` : 'nothing';
      return `is covered by ${name}`;
    }
    return null;
  });
}

const menuChecked = new Set<string>();

async function checkWidth(page: Page, width: number, words: Record<string, string>, account: (typeof ACCOUNTS)[number]) {
  await page.setViewportSize({ width, height: 800 });
  const where = `${account.who} at ${width}px`;
  const header = page.locator('header');
  const barNav = header.getByRole('navigation', { name: words.mainNavigation });
  const burger = header.getByRole('button', { name: words.openNavigation });
  // The header settles on one form: the full bar or the burger (and stays on it).
  const form = async () => `${await barNav.isVisible()}/${await burger.isVisible()}`;
  await expect.poll(form, { message: `${where}: the bar or the burger` }).toMatch(/^(true\/false|false\/true)$/);
  await page.waitForTimeout(50);
  const settled = await form();
  expect(await form(), `${where}: the header keeps its form`).toBe(settled);

  if (settled === 'true/false') {
    await expect(burger, `${where}: a burger beside the full bar`).toBeHidden();
    for (const key of account.bar) {
      const link = barNav.getByRole('link', { name: words[key], exact: true });
      expect(await blockedReason(link), `${where}: the "${words[key]}" link`).toBeNull();
    }
    expect(await barNav.getByRole('link').count(), `${where}: the links in the bar`).toBe(account.bar.length);
    if (account.admin.length > 0) {
      const adminButton = barNav.getByRole('button', { name: words.adminMenu });
      expect(await blockedReason(adminButton), `${where}: the Admin menu`).toBeNull();
      // Its items, at the narrowest width with the full bar and at the widest.
      const once = `${account.who}-${words.adminMenu}-${width > 1800}`;
      if (!menuChecked.has(once)) {
        menuChecked.add(once);
        await adminButton.click();
        for (const key of account.admin) {
          const item = page.getByRole('menuitem', { name: words[key], exact: true });
          expect(await blockedReason(item), `${where}: "${words[key]}" in the Admin menu`).toBeNull();
        }
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      }
    }
    const signOut = header.getByRole('button', { name: words.signOut });
    expect(await blockedReason(signOut), `${where}: Sign out`).toBeNull();
    return;
  }

  expect(await blockedReason(burger), `${where}: the burger`).toBeNull();
  await burger.click();
  const menu = page.locator('#mobile-navigation').getByRole('navigation', { name: words.mainNavigation });
  for (const key of [...account.bar, ...account.admin]) {
    const link = menu.getByRole('link', { name: words[key], exact: true });
    await link.scrollIntoViewIfNeeded();
    expect(await blockedReason(link), `${where}: "${words[key]}" in the menu`).toBeNull();
  }
  await header.getByRole('button', { name: words.closeNavigation }).click();
  await expect(burger).toBeVisible();
}

for (const language of ['en', 'bn'] as const) {
  test(`every link of an admin and a staff member is reachable at every width (${language})`, async ({ page }) => {
    // 41 widths for two accounts: a few minutes on a quiet machine, twice that on a busy one.
    test.setTimeout(480_000);
    const words = layoutWords(language);
    await page.addInitScript((value) => localStorage.setItem('language', value), language);
    for (const account of ACCOUNTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAs(page, account.entry, '/tickets?page=1');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.evaluate(() => document.fonts.ready);
      for (const width of WIDTHS) await checkWidth(page, width, words, account);
    }
  });
}
