/**
 * Stored XSS, end to end (ASVS V3.2.2, V1.2.1): titles, descriptions, comments, user, group and
 * subgroup names, forward causes and e-mail addresses carrying script tags, event handlers,
 * `javascript:` links, right-to-left overrides and very long Bangla are stored verbatim and render
 * inert on every screen that shows them, at desktop and phone widths: no dialog, no script node,
 * no handler attribute, no CSP violation, no horizontal overflow, no override leaking past its text.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from './support/session.ts';
import { openPublicForm } from './support/public-form.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = '.screenshots/security';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const RUN = Date.now().toString(36);

const PAYLOADS = {
  script: `<script>window.__xss='script'</script>`,
  img: `<img src=x onerror="window.__xss='img'">`,
  svg: `<svg onload="window.__xss='svg'"></svg>`,
  frame: `<iframe srcdoc="<script>parent.__xss='frame'</script>"></iframe>`,
  link: `javascript:window.__xss='link'//`,
  rtl: '\u202Eexe.ecioval',
};
const HOSTILE = Object.values(PAYLOADS).join(' ');
/** One "word" of 900 Bangla letters: nothing to break a line at. */
const BANGLA_WORD = 'আন্তর্জাতিকীকরণ'.repeat(60);
const BANGLA_TEXT = 'আমার ইন্টারনেট সংযোগ সকাল থেকে খুব ধীর, রাউটার বন্ধ করে চালু করেও কাজ হয়নি। '.repeat(120);
const FORMULA = `=HYPERLINK("http://attacker.example","details") ${RUN}`;

const seeded = { payloadUserEntry: '', titles: [] as string[], hostileTicket: 0, publicTicket: 0, groupName: '', userName: '' };

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }, info) => {
  if (info.status !== info.expectedStatus)
    await page.screenshot({ path: `${SHOTS}/failed-${info.title.replace(/\W+/g, '-')}.png` });
});

/** Records what an injection would leave behind, from before the first script of the page runs. */
async function watch(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __inlineScripts: number; __violations: string[] };
    w.__inlineScripts = 0;
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod asks once whether eval works (and is told no); an injection shows as inline script or a foreign URL.
      if (event.blockedURI !== 'eval') w.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) if (node instanceof HTMLScriptElement && !node.src) w.__inlineScripts += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return dialogs;
}

/** Fails unless the page shows the payloads as text and nothing else came of them. */
async function expectInert(page: Page, dialogs: string[], shot: string) {
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => {
    const w = window as unknown as { __xss?: string; __inlineScripts: number; __violations: string[] };
    const leaks: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const override = text.indexOf('\u202E');
      // A pop (PDF) or the end of an isolate (PDI) after it closes the override within the text.
      if (override < 0 || text.includes('\u202C') || text.includes('\u2069', override)) continue;
      // Every stored override ends its value ("…ecioval"); what the page puts after it must not be turned around.
      const end = text.indexOf('ecioval', override);
      const restOfNode = end < 0 ? '' : text.slice(end + 'ecioval'.length);
      if (restOfNode.startsWith('\n')) continue;
      // The override runs to the end of its paragraph (its block) or of the element that isolates it.
      let box = node.parentElement;
      while (box) {
        const style = getComputedStyle(box);
        if (['isolate', 'isolate-override', 'plaintext'].includes(style.unicodeBidi)) break;
        if (!['inline', 'contents'].includes(style.display)) break;
        box = box.parentElement;
      }
      const range = document.createRange();
      range.setStartAfter(node);
      if (box?.lastChild) range.setEndAfter(box.lastChild);
      const after = `${restOfNode}${box?.lastChild ? range.toString() : ''}`.replace(/[\s.…]/g, '');
      if (after) leaks.push(`${text.slice(0, override).slice(-20)}⟨override⟩ turns around: ${after.slice(0, 30)}`);
    }
    return {
      xss: w.__xss ?? null,
      inlineScripts: w.__inlineScripts,
      violations: w.__violations,
      injected: document.querySelectorAll('img[src="x"], [onerror], [onload], iframe[srcdoc], svg[onload]').length,
      javascriptLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
      overflow: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
      bidiLeaks: leaks,
    };
  });
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  expect({ ...state, dialogs }, shot).toEqual({
    xss: null,
    inlineScripts: 0,
    violations: [],
    injected: 0,
    javascriptLinks: 0,
    overflow: 0,
    bidiLeaks: [],
    dialogs: [],
  });
}

async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('jwt_token'))) ?? '';
}

async function api(page: Page, token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, data?: object) {
  const response = await page.request.fetch(`/api/v1${url}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data ? { data } : {}),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${JSON.stringify(body)}`);
  return body;
}

async function botCheck(page: Page): Promise<string> {
  const challenge = (await (await page.request.get('/api/v1/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

test('stores hostile text verbatim through the API', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const admin = await tokenOf(page);
  seeded.groupName = `${PAYLOADS.img} ${RUN}`;
  const group = (await api(page, admin, 'POST', '/groups', {
    group_name: seeded.groupName,
    sub_groups: [{ sub_group_bn: `${PAYLOADS.script} ধীর গতি`, sub_group_en: `${PAYLOADS.svg} ${PAYLOADS.rtl}` }],
  })) as { data: { _id: string; group_name: string; sub_groups: { _id: string }[] } };
  expect(group.data.group_name).toBe(seeded.groupName);
  seeded.userName = `${PAYLOADS.frame} ${RUN} ${PAYLOADS.rtl}`;
  const random = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  await api(page, admin, 'POST', '/users/signup', {
    name: seeded.userName,
    product_number: `88096${random()}${random().slice(0, 2)}`,
    phone_number: `8801${random()}${random().slice(0, 3)}`,
    user_type: 'rs',
    role: 'user',
  });

  // A customer whose very name is hostile raises the tickets.
  seeded.payloadUserEntry = `09638${random()}`;
  await signInAs(page, seeded.payloadUserEntry);
  const customer = await tokenOf(page);
  const me = (await api(page, customer, 'GET', '/users/validate-token')) as { user: { _id: string } };
  await api(page, admin, 'PUT', `/users/${me.user._id}`, {
    name: `${PAYLOADS.img}${PAYLOADS.rtl}`,
    product_number: `88${seeded.payloadUserEntry}`,
    user_type: 'customer',
    role: 'user',
  });
  const ticketOf = (title: string, description = HOSTILE) => ({
    title,
    description,
    problematic_number: '8801712345678',
    group_id: group.data._id,
    sub_group_id: group.data.sub_groups[0]?._id,
    issuer_user_type: 'customer',
  });
  seeded.titles = [`${PAYLOADS.script}${RUN}`, `${RUN} ${PAYLOADS.rtl}`, BANGLA_TEXT.slice(0, 1000).trim(), FORMULA];
  const description = `${HOSTILE}\n${BANGLA_WORD}\n${BANGLA_TEXT}`.slice(0, 20_000);
  const hostile = (await api(
    page,
    customer,
    'POST',
    '/tickets/issue-ticket',
    ticketOf(`${PAYLOADS.img} ${RUN}`, description),
  )) as {
    data: { ticket_id: number; description: string };
  };
  expect(hostile.data.description).toBe(description.trim());
  seeded.hostileTicket = hostile.data.ticket_id;
  for (const title of seeded.titles) await api(page, customer, 'POST', '/tickets/issue-ticket', ticketOf(title));
  await api(page, customer, 'POST', '/tickets/add-comment', {
    ticket_id: seeded.hostileTicket,
    message: `${HOSTILE}\n${BANGLA_WORD}`,
  });
  await api(page, admin, 'POST', '/tickets/add-comment', {
    ticket_id: seeded.hostileTicket,
    message: HOSTILE,
    is_internal: true,
  });
  await api(page, admin, 'POST', '/tickets/forward-ticket', {
    ticket_id: seeded.hostileTicket,
    previously_issued_to: 'cc',
    newly_issued_to: 'iptsp',
    forward_cause: HOSTILE,
    is_in_forward_loop: true,
  });
  const anonymous = (await api(page, null, 'POST', '/tickets/issue-ticket/public', {
    ...ticketOf(`${PAYLOADS.svg} ${RUN}`),
    client_email: `o'neil.${RUN}@example.com`,
    token: await botCheck(page),
  })) as { data: { ticket_id: number } };
  seeded.publicTicket = anonymous.data.ticket_id;
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(viewport));

    test('the ticket list, for the issuer and for staff', async ({ page }) => {
      const dialogs = await watch(page);
      for (const [who, entry] of [
        ['issuer', seeded.payloadUserEntry],
        ['staff', DEMO.admin],
      ] as const) {
        await signInAs(page, entry, '/tickets?page=1');
        await expect(page.getByText(/<img src=x/).first()).toBeVisible();
        await expectInert(page, dialogs, `tickets-${who}-${viewport.name}`);
      }
    });

    test('user and group administration', async ({ page }) => {
      const dialogs = await watch(page);
      // The users table is paged on the server: the hostile name is found by its run, wherever it sorts.
      await signInAs(page, DEMO.admin, `/user-info?q=${encodeURIComponent(RUN)}`);
      await expect(page.getByText(seeded.userName).first()).toBeVisible();
      await expectInert(page, dialogs, `user-info-${viewport.name}`);
      await page.goto('/group-info');
      await expect(page.getByText(seeded.groupName).first()).toBeVisible();
      await expectInert(page, dialogs, `group-info-${viewport.name}`);
    });

    test('the group choices of both ticket forms', async ({ page }) => {
      const dialogs = await watch(page);
      await signInAs(page, seeded.payloadUserEntry, '/add-ticket');
      await page.getByRole('combobox', { name: 'Group', exact: true }).click();
      await expect(page.getByRole('option', { name: seeded.groupName })).toBeVisible();
      await expectInert(page, dialogs, `add-ticket-${viewport.name}`);
      await page.evaluate(() => localStorage.clear());
      await openPublicForm(page);
      await page.getByRole('combobox', { name: 'Group', exact: true }).click();
      await expect(page.getByRole('option', { name: seeded.groupName })).toBeVisible();
      await expectInert(page, dialogs, `create-ticket-${viewport.name}`);
    });

    test('the forwarded tickets of the receiving department', async ({ page }) => {
      const dialogs = await watch(page);
      await signInAs(page, DEMO.iptsp, '/forwarded-tickets?page=1');
      await expect(page.getByText(/<img src=x/).first()).toBeVisible();
      await expectInert(page, dialogs, `forwarded-${viewport.name}`);
    });
  });
}

test('the report viewer shows hostile and formula text as text', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[0]);
  const dialogs = await watch(page);
  await signInAs(page, DEMO.admin, '/report');
  const today = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date());
  for (const label of ['Start date', 'End date']) {
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('dialog').last().locator(`button[aria-label="${today}"]:not([data-outside])`).click();
  }
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Generate' }).click();
  await (await popup).close();
  const viewer = page.getByRole('region', { name: 'Report workbook' });
  await expect(viewer.getByRole('cell', { name: FORMULA })).toBeVisible();
  await expect(viewer.getByRole('cell').filter({ hasText: PAYLOADS.img }).first()).toBeVisible();
  await expectInert(page, dialogs, 'report-viewer-desktop');
});

test('every HTML page carries the strict policy', async ({ page }) => {
  for (const path of ['/', '/create-ticket', '/tickets?page=1', '/view-ticket?id=1', '/report', '/group-info']) {
    const response = await page.request.get(path);
    const headers = response.headers();
    expect(headers['content-type'], path).toMatch(/^text\/html/);
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp, path).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d{8,}/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(headers['x-powered-by'], path).toBeUndefined();
  }
});

// Last: the screen with the most on it.
for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(viewport));

    test('the ticket view, for the issuer and for staff', async ({ page }) => {
      const dialogs = await watch(page);
      for (const [who, entry, id] of [
        ['issuer', seeded.payloadUserEntry, seeded.hostileTicket],
        ['staff', DEMO.admin, seeded.hostileTicket],
        ['staff-public', DEMO.admin, seeded.publicTicket],
      ] as const) {
        await signInAs(page, entry, `/view-ticket?id=${id}`);
        await expect(page.getByText(PAYLOADS.svg, { exact: false }).first()).toBeVisible();
        expect(await page.locator('body').innerText()).toContain(PAYLOADS.frame);
        await expectInert(page, dialogs, `view-ticket-${who}-${viewport.name}`);
      }
    });
  });
}
