/**
 * `npm run bench:web`: builds the SPA, weighs what each route downloads (gzip), and runs Lighthouse
 * (its default phone profile: a mid-range phone's screen, the CPU four times slower, 150 ms round
 * trips at 1.6 Mbps, simulated; Debian's Chromium) on the sign-in page, the public page, the help
 * page, and the ticket list and a ticket of a signed-in staff member, served by the real server on
 * the benchmark database; then times Get OTP, the list and the ticket view on a throttled phone
 * profile (throttled.ts), cold.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import pg from 'pg';
import puppeteer, { type Page } from 'puppeteer-core';
import { ROUTE_BUDGET, SIGN_IN_BUDGET, weighRoutes, weightTable } from './bundles.ts';
import { prepareCorpus } from './corpus.ts';
import { ROOT, startServer } from './processes.ts';
import { writeResults } from './report.ts';
import { sampleCorpus } from './scenarios.ts';
import { measureThrottled, throttledTable, type ThrottledTiming } from './throttled.ts';
import { readSettings } from './settings.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function build(): void {
  // --manifest writes dist/.vite/manifest.json, which maps every source module to its chunks.
  const result = spawnSync('npm', ['run', 'build', '-w', '@switchboard/web', '--', '--manifest'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
}

interface Audit {
  page: string;
  performance: number | null;
  accessibility: number | null;
  /** First and Largest Contentful Paint and Total Blocking Time, ms (simulated phone). */
  fcp: number | undefined;
  lcp: number | undefined;
  tbt: number | undefined;
  cls: number | undefined;
  failedAccessibilityAudits: string[];
}

async function audit(name: string, url: string, page: Page, keepStorage: boolean): Promise<Audit> {
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: keepStorage,
  };
  // No configuration: Lighthouse's default, the throttled phone.
  const result = await lighthouse(url, flags, undefined, page);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value * 100));
  return {
    page: name,
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    fcp: audits['first-contentful-paint']?.numericValue,
    lcp: audits['largest-contentful-paint']?.numericValue,
    tbt: audits['total-blocking-time']?.numericValue,
    cls: audits['cumulative-layout-shift']?.numericValue,
    failedAccessibilityAudits: (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

async function runLighthouse(): Promise<{ audits: Audit[]; throttled: ThrottledTiming[] }> {
  const settings = readSettings();
  await prepareCorpus(settings.databaseUrl, settings.scale);
  const server = await startServer(settings.databaseUrl);
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 });
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox'] });
  try {
    const sample = await sampleCorpus(pool, server.jwtSecret);
    const page = await browser.newPage();
    const signIn = await audit('sign-in (/)', `${server.url}/`, page, false);
    const publicPage = await audit('public page (/create-ticket)', `${server.url}/create-ticket`, page, false);
    const help = await audit('help (/help)', `${server.url}/help`, page, false);
    // The SPA keeps the session in localStorage (jwt_token); Lighthouse must not clear it.
    await page.goto(`${server.url}/`);
    await page.evaluate((token) => localStorage.setItem('jwt_token', token), sample.staff.token);
    const list = await audit('ticket list (/tickets?page=1, cc staff)', `${server.url}/tickets?page=1`, page, true);
    // A ticket from the middle of the corpus, with the corpus's usual share of comments.
    const ticketId = Math.round((sample.minTicketId + sample.maxTicketId) / 2);
    const view = await audit(
      `ticket view (/view-ticket?id=${ticketId}, cc staff)`,
      `${server.url}/view-ticket?id=${ticketId}`,
      page,
      true,
    );
    const ticket = await pool.query<{ title: string }>('select title from tickets where ticket_id = $1', [ticketId]);
    const throttled = await measureThrottled(browser, {
      baseUrl: server.url,
      token: sample.staff.token,
      ticketId,
      ticketTitle: ticket.rows[0]?.title ?? '',
      signIn: true,
    });
    return { audits: [signIn, publicPage, help, list, view], throttled };
  } finally {
    await browser.close();
    await pool.end();
    await server.stop();
  }
}

build();
const { weights, unknown } = weighRoutes(path.join(ROOT, 'apps/web/dist'));
console.log(`\n${weightTable(weights).join('\n')}`);
if (unknown.length > 0)
  console.log(`\nLazy chunks no route names (add them to ROUTES in bundles.ts if they are screens): ${unknown.join(', ')}`);
const { audits, throttled } = await runLighthouse();
console.log(`\n${'page'.padEnd(50)}  performance  accessibility  FCP ms  LCP ms  TBT ms    CLS`);
for (const result of audits) {
  const ms = (value: number | undefined) => String(Math.round(value ?? 0)).padStart(6);
  console.log(
    `${result.page.padEnd(50)}  ${String(result.performance).padStart(11)}  ${String(result.accessibility).padStart(13)}  ${ms(result.fcp)}  ${ms(result.lcp)}  ${ms(result.tbt)}  ${(result.cls ?? 0).toFixed(3).padStart(5)}`,
  );
  if (result.failedAccessibilityAudits.length > 0)
    console.log(`  failed accessibility audits: ${result.failedAccessibilityAudits.join(', ')}`);
}
console.log(`\n${throttledTable(throttled).join('\n')}`);
const file = writeResults(ROOT, {
  kind: 'web',
  at: new Date().toISOString(),
  budgets: { signInJsGzip: SIGN_IN_BUDGET, anyRouteJsGzip: ROUTE_BUDGET },
  weights,
  lighthouse: audits,
  throttled,
});
console.log(`\nresults written to ${file}`);
