import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportPreviewReply, ReportReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildArea, buildAreaIncident, buildSubscriber } from '../../../test/outage-factories.ts';
import { createProviderClock } from './provider-clock.ts';
import { downloadWorkbook, JUNE, recordsOf, sheetOf, summaryOf, type Headers } from './reports.test-support.ts';

/** An instant of June 2025 (or its neighbours) in Dhaka's wall clock. */
const dhaka = (wallClock: string) => new Date(`2025-${wallClock}:00+06:00`);

interface Case {
  name: string;
  spans: [string, string | null][];
  minutes: number | null;
  days?: number;
}

/** Each case is an area of its own with one subscriber; `minutes: null` means no row at all. */
const CASES: Case[] = [
  { name: 'one incident within the period', spans: [['06-10T10:00', '06-10T11:30']], minutes: 90, days: 1 },
  {
    name: 'two overlapping incidents count their common hour once',
    spans: [
      ['06-10T10:00', '06-10T12:00'],
      ['06-10T11:00', '06-10T13:00'],
    ],
    minutes: 180,
    days: 1,
  },
  {
    name: 'an incident within another',
    spans: [
      ['06-10T10:00', '06-10T14:00'],
      ['06-10T11:00', '06-10T12:00'],
    ],
    minutes: 240,
    days: 1,
  },
  {
    name: 'two incidents on different days',
    spans: [
      ['06-03T10:00', '06-03T10:30'],
      ['06-05T10:00', '06-05T10:45'],
    ],
    minutes: 75,
    days: 2,
  },
  {
    name: 'an incident that began before the period is clipped to it',
    spans: [['05-31T23:00', '06-01T01:00']],
    minutes: 60,
    days: 1,
  },
  {
    name: 'an incident that ended after the period is clipped to it',
    spans: [['06-30T23:00', '07-01T02:00']],
    minutes: 60,
    days: 1,
  },
  { name: 'an unresolved incident runs to the end of a past period', spans: [['06-29T22:00', null]], minutes: 26 * 60, days: 2 },
  { name: "an hour across Dhaka's midnight touches two days", spans: [['06-15T23:30', '06-16T00:30']], minutes: 60, days: 2 },
  { name: "an hour across UTC's midnight is one day in Dhaka", spans: [['06-10T05:00', '06-10T07:00']], minutes: 120, days: 1 },
  { name: 'an incident resolved before the period gives no row', spans: [['05-20T10:00', '05-21T10:00']], minutes: null },
];

describeWithApp('the outage ledger', (ctx) => {
  let cc: Headers;
  beforeAll(async () => {
    cc = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
  });
  const requestLedger = (headers: Headers, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/reports/outages', headers, payload });
  const ledgerRows = async (period: Record<string, string>) => {
    const reply = await requestLedger(cc, period);
    if (reply.statusCode !== 200) throw new Error(`ledger answered ${reply.statusCode}: ${reply.body}`);
    const workbook = await downloadWorkbook(ctx.app, reply.json<ReportReply>().public_url);
    return { workbook, rows: recordsOf(sheetOf(workbook, 'Outages')), link: reply.json<ReportReply>().public_url };
  };

  describe('who may export', () => {
    it.each<UserType>(['customer', 'agent', 'iptsp', 'oss_bss'])('refuses %s users with 403', async (userType) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType, role: 'admin' });
      const reply = await requestLedger(headers, JUNE);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/outage ledger/) });
    });

    it('refuses a caller without a session with 401', async () => {
      expect((await requestLedger({}, JUNE)).statusCode).toBe(401);
    });
  });

  describe('the period', () => {
    const today = () => createProviderClock('Asia/Dhaka').dayOf(new Date());
    it.each([
      ['an end before the start', { start_date: '2025-06-10T00:00:00+06:00', end_date: '2025-06-01T23:59:59+06:00' }],
      ['a period over 400 days', { start_date: '2024-01-01T00:00:00+06:00', end_date: '2025-06-30T23:59:59+06:00' }],
      ['a date that is not an instant', { start_date: '2025-06-01', end_date: 'June 30' }],
      ['no period', {}],
      ['an end days after today', { start_date: `${today()}T00:00:00+06:00`, end_date: '2999-01-01T23:59:59+06:00' }],
    ])('refuses %s with 400', async (_case, period) => {
      const reply = await requestLedger(cc, period);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation' });
    });
  });

  describe('the minutes of each subscriber', () => {
    const numbers = new Map<string, string>();
    beforeAll(async () => {
      for (const testCase of CASES) {
        const area = await buildArea(ctx.db);
        numbers.set(testCase.name, await buildSubscriber(ctx.db, area));
        for (const [from, to] of testCase.spans) {
          await buildAreaIncident(ctx.db, [area], { createdAt: dhaka(from), resolvedAt: to ? dhaka(to) : null });
        }
      }
    });

    it.each(CASES)('$name', async (testCase) => {
      const { rows } = await ledgerRows(JUNE);
      const row = rows.find((record) => record.Number?.text === numbers.get(testCase.name));
      if (testCase.minutes === null) return expect(row).toBeUndefined();
      expect(row?.['Outage minutes']?.value).toBe(testCase.minutes);
      expect(row?.['Days with an outage']?.value).toBe(testCase.days);
      expect(String(row?.Incidents?.text).split(', ')).toHaveLength(testCase.spans.length);
    });
  });

  it('runs an unresolved incident of today up to now, for every subscriber of each of its areas', async () => {
    const [north, south] = [await buildArea(ctx.db), await buildArea(ctx.db)];
    const people = [
      await buildSubscriber(ctx.db, north),
      await buildSubscriber(ctx.db, south),
      await buildSubscriber(ctx.db, south, { status: 'suspended' }),
    ];
    const began = new Date(Date.now() - 2 * 3_600_000);
    const id = await buildAreaIncident(ctx.db, [north, south], { createdAt: began });
    // From the day it began (yesterday, in the two hours after midnight in Dhaka) to today.
    const clock = createProviderClock('Asia/Dhaka');
    const [first, today] = [clock.dayOf(began), clock.dayOf(new Date())];
    const { rows } = await ledgerRows({ start_date: `${first}T00:00:00+06:00`, end_date: `${today}T23:59:59+06:00` });
    for (const number of people) {
      const row = rows.find((record) => record.Number?.text === number);
      expect(row?.Incidents?.text).toContain(String(id));
      expect(Number(row?.['Outage minutes']?.value)).toBeGreaterThanOrEqual(119);
      expect(Number(row?.['Outage minutes']?.value)).toBeLessThanOrEqual(121);
    }
  });

  it('keeps names that look like formulas as text, and opens in the viewer', async () => {
    const area = await buildArea(ctx.db);
    const number = await buildSubscriber(ctx.db, area, { name: '=HYPERLINK("http://evil.example","x")' });
    await buildAreaIncident(ctx.db, [area], { createdAt: dhaka('06-12T10:00'), resolvedAt: dhaka('06-12T10:10') });
    const { rows, workbook, link } = await ledgerRows(JUNE);
    const row = rows.find((record) => record.Number?.text === number);
    expect(row?.Name?.formula).toBeUndefined();
    expect(row?.Name?.text).toContain('HYPERLINK');
    expect(summaryOf(workbook).get('Report/Report')).toBe('Outage ledger');
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/report/preview?public_url=${encodeURIComponent(link)}`,
      headers: cc,
    });
    expect(preview.statusCode).toBe(200);
    const { sheets } = preview.json<ReportPreviewReply>();
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Outages']);
  });
});
