/**
 * What a person on a phone waits for (DESIGN.md §10), measured in Chromium on a throttled profile:
 * 1.6 Mbps down, 750 kbps up, 150 ms round trips ("Fast 3G"-like) and the CPU slowed four times.
 * Each measurement starts cold (a fresh browser context: no cache, no service worker) and runs
 * `runs` times; the median and the slowest are reported.
 *
 * - sign-in, Get OTP: from the press on Get OTP to the OTP field (the bot check solved, the code sent);
 * - ticket list: from navigation to the first row;
 * - ticket view: from navigation to the ticket's title;
 * both on a first visit (nothing cached) and for a returning visitor (the app's files cached, no data).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';

/** The screens measured after sign-in. */
export type Screen = 'list' | 'view';

export const PHONE_PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

export interface ThrottledTarget {
  baseUrl: string;
  /** A staff session token (stored as the SPA stores it). */
  token: string;
  ticketId: number;
  /** The ticket's title, which marks the view as shown. */
  ticketTitle: string;
  /** Whether to measure Get OTP: each run asks for a code for a fresh number, as a stranger's would be. */
  signIn: boolean;
}

export interface ThrottledTiming {
  what: string;
  runs: number[];
  medianMs: number;
  maxMs: number;
}

async function throttled(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBytesPerSecond,
    uploadThroughput: PHONE_PROFILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  return { page, close: () => context.close() };
}

/**
 * Navigation start to `ready` (ms), in a signed-in context: on a first visit nothing is cached; a
 * returning visitor's browser holds the app's files and their compiled code (as after earlier visits:
 * the files are cached for a year) but the page starts afresh, with no data.
 */
async function coldScreen(
  browser: Browser,
  target: ThrottledTarget,
  path: string,
  returning: boolean,
  ready: (page: Page) => Promise<unknown>,
) {
  const { page, close } = await throttled(browser);
  try {
    await page.evaluateOnNewDocument((token: string) => localStorage.setItem('jwt_token', token), target.token);
    // Twice: Chromium keeps a script's compiled code from its second load on, as for anyone who
    // opened the desk before.
    for (let visit = 0; returning && visit < 2; visit++) {
      await page.goto(`${target.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
      await ready(page);
      await page.goto('about:blank');
    }
    const started = performance.now();
    await page.goto(`${target.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    await ready(page);
    return performance.now() - started;
  } finally {
    await close();
  }
}

/** From the press on Get OTP to the OTP field, the sign-in page loaded and the number typed first. */
async function getOtp(browser: Browser, target: ThrottledTarget): Promise<number> {
  const entry = `096${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
  const { page, close } = await throttled(browser);
  try {
    await page.goto(`${target.baseUrl}/`, { waitUntil: 'load' });
    const number = await page.waitForSelector('input[autocomplete="tel-national"]', { visible: true });
    await number?.type(entry);
    // A person reads the page and types: what the page does meanwhile counts for nothing here.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const started = performance.now();
    await page.click('button[type="submit"]');
    await page.waitForSelector('input[autocomplete="one-time-code"]', { visible: true, timeout: 60_000 });
    return performance.now() - started;
  } finally {
    await close();
  }
}

function timing(what: string, runs: number[]): ThrottledTiming {
  const sorted = [...runs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { what, runs: runs.map(Math.round), medianMs: Math.round(median), maxMs: Math.round(sorted.at(-1) ?? 0) };
}

const viewReady = (title: string) => (page: Page) =>
  page.waitForFunction((shown: string) => document.querySelector('h1')?.textContent === shown, { timeout: 60_000 }, title);

export async function measureThrottled(
  browser: Browser,
  target: ThrottledTarget,
  runs = 5,
  screens: Screen[] = ['list', 'view'],
): Promise<ThrottledTiming[]> {
  const results: ThrottledTiming[] = [];
  const view = `/view-ticket?id=${target.ticketId}`;
  const measure = async (what: string, once: () => Promise<number>) => {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await once());
    results.push(timing(what, times));
  };
  if (target.signIn) await measure('sign-in: Get OTP to the OTP field', () => getOtp(browser, target));
  const listReady = (page: Page) => page.waitForSelector('[data-testid="ticket-row"]', { visible: true, timeout: 60_000 });
  for (const returning of [false, true]) {
    const visit = returning ? 'returning visitor' : 'first visit';
    if (screens.includes('list'))
      await measure(`ticket list, ${visit} (/tickets?page=1)`, () =>
        coldScreen(browser, target, '/tickets?page=1', returning, listReady),
      );
    if (screens.includes('view'))
      await measure(`ticket view, ${visit} (${view})`, () =>
        coldScreen(browser, target, view, returning, viewReady(target.ticketTitle)),
      );
  }
  return results;
}

/**
 * A Performance trace (with V8's CPU profile) of a returning visitor's ticket view on the phone
 * profile, written to `folder`; returns the file (open it in Chrome DevTools' Performance panel).
 */
export async function profileView(browser: Browser, target: ThrottledTarget, folder: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `view-ticket-${Date.now()}.json`);
  const url = `${target.baseUrl}/view-ticket?id=${target.ticketId}`;
  const { page, close } = await throttled(browser);
  try {
    await page.evaluateOnNewDocument((token: string) => localStorage.setItem('jwt_token', token), target.token);
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await viewReady(target.ticketTitle)(page);
      await page.goto('about:blank');
    }
    await page.tracing.start({ path: file, screenshots: false });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await viewReady(target.ticketTitle)(page);
    await page.tracing.stop();
    return file;
  } finally {
    await close();
  }
}

export function throttledTable(results: ThrottledTiming[]): string[] {
  const profile = `${PHONE_PROFILE.latencyMs} ms RTT, 1.6 Mbps down, CPU ÷${PHONE_PROFILE.cpuSlowdown}`;
  return [
    `${'throttled phone (' + profile + ')'}`.padEnd(60) + '  median ms  slowest ms  runs',
    ...results.map(
      (result) =>
        `${result.what.padEnd(60)}  ${String(result.medianMs).padStart(9)}  ${String(result.maxMs).padStart(10)}  ${result.runs.join(', ')}`,
    ),
  ];
}
