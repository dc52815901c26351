/**
 * The outage ledger (DESIGN.md §23): per subscriber of the areas struck within a period, the
 * incidents, the minutes its area was in an active incident and the days with an outage, as a
 * workbook for the billing system's waivers. The report flow of the ticket report: the same
 * period rules, the same storage, link and viewer.
 */
import { AppError, canReportOutages, type OutageReportBody, type ReportReply, type Viewer } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { createProviderClock } from './provider-clock.ts';
import type { ColumnSpec, ReportWorkbook, SummaryLine } from './report-workbook.ts';
import {
  closeLedgerCursor,
  fetchLedgerRows,
  openLedgerCursor,
  summariseLedger,
  type LedgerPeriod,
  type LedgerRow,
} from './outage-ledger.repository.ts';
import {
  REPORT_BATCH_SIZE,
  ReportOutputClosed,
  assertEndNotInFuture,
  inReportSlot,
  namedReportKeyOf,
  reportLinkOf,
  storeReportWorkbook,
  type ReportsContext,
} from './reports.service.ts';

export const LEDGER_COLUMNS: ColumnSpec<LedgerRow>[] = [
  { header: 'Number', width: 16, kind: 'text', value: (row) => row.number },
  { header: 'Name', width: 28, kind: 'text', value: (row) => row.name },
  {
    header: 'Area',
    width: 24,
    kind: 'text',
    value: (row) => (row.areaName ? `${row.areaName} (${row.areaCode})` : row.areaCode),
  },
  { header: 'Incidents', width: 18, kind: 'text', value: (row) => row.incidents },
  { header: 'Outage minutes', width: 16, kind: 'integer', value: (row) => row.minutes },
  { header: 'Days with an outage', width: 20, kind: 'integer', value: (row) => row.days },
];

export function assertCanReportOutages(viewer: Pick<Viewer, 'user_type'>): void {
  if (!canReportOutages(viewer)) throw new AppError('forbidden', 'outages.reportsOnly');
}

/** [start, end] with the end included to its whole second, like the ticket report. */
function periodOf(body: OutageReportBody, timezone: string, now: Date): LedgerPeriod {
  return {
    from: new Date(body.start_date),
    until: new Date(Math.floor(Date.parse(body.end_date) / 1000) * 1000 + 1000),
    now,
    timezone,
  };
}

export async function generateOutageLedger(
  ctx: ReportsContext,
  viewer: Pick<Viewer, 'user_type'> & { id: string },
  body: OutageReportBody,
  ip: string,
  now = new Date(),
): Promise<ReportReply> {
  assertCanReportOutages(viewer);
  assertEndNotInFuture(body.end_date, ctx.timezone, now);
  return inReportSlot(async () => {
    const key = namedReportKeyOf('outages', body, now);
    const period = periodOf(body, ctx.timezone, now);
    await storeReportWorkbook<LedgerRow>(
      ctx,
      key,
      { columns: LEDGER_COLUMNS, now, rowsSheet: 'Outages' },
      async (tx, workbook, gone) => {
        workbook.writeSummary(await ledgerSummary(tx, body, period));
        await writeLedgerRows(tx, workbook, period, gone);
      },
    );
    await insertAuditEntry(ctx.db, {
      actorUserId: viewer.id,
      action: 'report.create',
      target: `report:${key}`,
      ip,
      details: { kind: 'outages', start_date: body.start_date, end_date: body.end_date },
    });
    return reportLinkOf(ctx, key, now);
  });
}

async function ledgerSummary(tx: Db, body: OutageReportBody, period: LedgerPeriod): Promise<SummaryLine[]> {
  const totals = await summariseLedger(tx, period);
  const clock = createProviderClock(period.timezone);
  const text = (item: string, value: string): SummaryLine => ({ section: 'Report', item, value, kind: 'text' });
  const countOf = (item: string, value: number): SummaryLine => ({ section: 'Totals', item, value, kind: 'integer' });
  return [
    text('Report', 'Outage ledger'),
    text('Period', `${body.start_date.slice(0, 10)} to ${body.end_date.slice(0, 10)}`),
    { section: 'Report', item: 'Generated', value: clock.wallClock(period.now), kind: 'datetime' },
    text('Time zone', period.timezone),
    text('Outage minutes', 'Time of active incidents of the area within the period; overlapping incidents count once'),
    countOf('Incidents', totals.incidents),
    countOf('Areas', totals.areas),
    countOf('Subscribers', totals.subscribers),
  ];
}

async function writeLedgerRows(
  tx: Db,
  workbook: ReportWorkbook<LedgerRow>,
  period: LedgerPeriod,
  outputGone: () => boolean,
): Promise<void> {
  await openLedgerCursor(tx, period);
  for (;;) {
    const rows = await fetchLedgerRows(tx, REPORT_BATCH_SIZE);
    if (outputGone()) throw new ReportOutputClosed('the report output closed early');
    if (rows.length > 0) await workbook.addTickets(rows);
    if (rows.length < REPORT_BATCH_SIZE) break;
  }
  await closeLedgerCursor(tx);
}
