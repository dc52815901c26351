/**
 * Ticket reports (spec §7 POST /tickets/report): a streamed .xlsx in storage under reports/, handed
 * out as a signed link that works for an hour, plus the first rows of each sheet for the in-app viewer.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  REPORT_LINK_TTL_SECONDS,
  REPORT_PREVIEW_ROW_LIMIT,
  canUseReports,
  displayNumber,
  reportPreviewSheetSchema,
  type ReportBody,
  type ReportPreviewReply,
  type ReportReply,
  type Viewer,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { findGroupName, findSubgroupName } from '../groups/groups.repository.ts';
import { checkSignedLink, parseSignedLink, signedLinkOf } from '../storage/signed-links.ts';
import type { StorageDriver } from '../storage/storage-contract.ts';
import { tagsOfTickets } from '../tags/tags.repository.ts';
import { findNameByNumber } from '../users/users.repository.ts';
import { createProviderClock, type ProviderClock } from './provider-clock.ts';
import { summaryLines, ticketColumns, type ReportTicket } from './report-columns.ts';
import { createReportWorkbook, type ColumnSpec, type ReportWorkbook } from './report-workbook.ts';
import {
  countComments,
  findTicketIdRange,
  selectTicketBatch,
  summariseForwards,
  summariseReport,
  type ReportFilter,
} from './reports.repository.ts';

export interface ReportsContext {
  db: Db;
  storage: StorageDriver;
  timezone: string;
  brandName: string;
  /** Signs the download links (config.storageSecret) and makes them absolute (PUBLIC_URL). */
  links: { secret: string; publicUrl: string | undefined };
  log?: FastifyBaseLogger;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read from the database at a time: one query for the tickets and one each for forwards, comments and tags. */
export const REPORT_BATCH_SIZE = 2000;
/** Reports are heavy; more at once would starve the ticket desk on a small machine. */
const MAX_RUNNING_REPORTS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The key of a report: a folder nobody can guess, and a file name that says what it holds. */
const REPORT_KEY = /^reports\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/[A-Za-z0-9._-]+\.xlsx$/;

let runningReports = 0;

/** The storage side stopped taking the file; its own error says why. */
export class ReportOutputClosed extends Error {
  override name = 'ReportOutputClosed';
}

export function assertCanUseReports(viewer: Pick<Viewer, 'user_type'>): void {
  if (!canUseReports(viewer)) throw new AppError('forbidden', 'reports.forbidden');
}

function todayIn(timeZone: string, now: Date): string {
  return createProviderClock(timeZone).dayOf(now);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The end may not be later than today. Its day is read as the request wrote it, and one day of grace
 * covers a client whose offset is ahead of the provider's (the spec's +00:00 form near midnight).
 */
export function assertEndNotInFuture(endDate: string, timeZone: string, now: Date): void {
  if (endDate.slice(0, 10) > nextDay(todayIn(timeZone, now))) {
    throw AppError.invalidField('end_date', 'reports.endInFuture');
  }
}

/** [start, end] with the end included to its whole second (the spec sends 23:59:59). */
export function filterOf(body: ReportBody): ReportFilter {
  return {
    from: new Date(body.start_date),
    until: new Date(Math.floor(Date.parse(body.end_date) / 1000) * 1000 + 1000),
    groupId: body.group_id,
    subGroupId: body.sub_group_id,
    issuerNumber: body.user_phone_number,
  };
}

function reportKeyOf(body: ReportBody, now: Date): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `reports/${month}/${randomUUID()}/tickets-${body.start_date.slice(0, 10)}-to-${body.end_date.slice(0, 10)}.xlsx`;
}

function previewKeyOf(reportKey: string): string {
  return `${reportKey.slice(0, reportKey.lastIndexOf('/'))}/preview.json`;
}

/** Generates the workbook of a period and returns its link. */
export async function generateReport(
  ctx: ReportsContext,
  viewer: Pick<Viewer, 'user_type'> & { id: string },
  body: ReportBody,
  ip: string,
  now = new Date(),
): Promise<ReportReply> {
  assertCanUseReports(viewer);
  assertEndNotInFuture(body.end_date, ctx.timezone, now);
  return inReportSlot(async () => {
    const key = reportKeyOf(body, now);
    await writeReport(ctx, body, key, now);
    // A report changes no row: its audit row follows the stored workbook (the issuer's number, when
    // it filters by one, is personal: the row says only that it did).
    await insertAuditEntry(ctx.db, {
      actorUserId: viewer.id,
      action: 'report.create',
      target: `report:${key}`,
      ip,
      details: {
        start_date: body.start_date,
        end_date: body.end_date,
        group_id: body.group_id ?? null,
        sub_group_id: body.sub_group_id ?? null,
        by_issuer_number: Boolean(body.user_phone_number),
      },
    });
    return reportLinkOf(ctx, key, now);
  });
}

/** Runs one report's work unless MAX_RUNNING_REPORTS already run (429 reports.busy). */
export async function inReportSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningReports >= MAX_RUNNING_REPORTS) throw new AppError('rate_limited', 'reports.busy');
  runningReports++;
  try {
    return await work();
  } finally {
    runningReports--;
  }
}

/** The signed link of a stored report, working for REPORT_LINK_TTL_SECONDS. */
export function reportLinkOf(ctx: ReportsContext, key: string, now: Date): ReportReply {
  return { public_url: signedLinkOf(ctx.links, key, new Date(now.getTime() + REPORT_LINK_TTL_SECONDS * 1000)) };
}

/** The key of a report of another kind (`outages`): the same folder rules, so the same viewer reads it. */
export function namedReportKeyOf(kind: string, period: { start_date: string; end_date: string }, now: Date): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `reports/${month}/${randomUUID()}/${kind}-${period.start_date.slice(0, 10)}-to-${period.end_date.slice(0, 10)}.xlsx`;
}

function writeReport(ctx: ReportsContext, body: ReportBody, key: string, now: Date): Promise<void> {
  const clock = createProviderClock(ctx.timezone);
  const filter = filterOf(body);
  const options = { columns: ticketColumns(clock), now };
  return storeReportWorkbook<ReportTicket>(ctx, key, options, async (tx, workbook, outputGone) => {
    await writeSummary(tx, workbook, body, filter, { clock, timezone: ctx.timezone, now });
    await writeTickets(tx, workbook, filter, outputGone);
  });
}

/**
 * Streams a workbook into storage under `key`, filled by `fill` inside one read-only snapshot, then
 * stores its preview beside it. A failure removes both and throws the storage's own error if it
 * was the storage that failed.
 */
export async function storeReportWorkbook<Row>(
  ctx: ReportsContext,
  key: string,
  options: { columns: ColumnSpec<Row>[]; now: Date; rowsSheet?: string },
  fill: (tx: Db, workbook: ReportWorkbook<Row>, outputGone: () => boolean) => Promise<void>,
): Promise<void> {
  const output = new PassThrough();
  // A failed store destroys the output; its error arrives through `stored`, not as an unhandled event.
  output.on('error', () => undefined);
  const stored = ctx.storage.put(key, output, XLSX_CONTENT_TYPE);
  // Awaited below; this only keeps an early storage failure from counting as unhandled meanwhile.
  stored.catch(() => undefined);
  const workbook = createReportWorkbook<Row>(output, {
    creator: ctx.brandName,
    created: options.now,
    columns: options.columns,
    previewRows: REPORT_PREVIEW_ROW_LIMIT,
    ...(options.rowsSheet ? { rowsSheet: options.rowsSheet } : {}),
  });
  try {
    // One snapshot for the summary and every batch, so that the two sheets agree with each other.
    await ctx.db.transaction((tx) => fill(tx, workbook, () => output.destroyed), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    // A store that failed meanwhile never lets the workbook finish: its error ends the wait.
    const [sheets] = await Promise.all([workbook.finish(), stored]);
    await ctx.storage.put(previewKeyOf(key), Buffer.from(JSON.stringify(sheets)), 'application/json');
  } catch (error) {
    output.destroy();
    const storageError = await stored.then(
      () => null,
      (failure: unknown) => failure,
    );
    await Promise.all([ctx.storage.remove(key), ctx.storage.remove(previewKeyOf(key))]).catch((cleanup: unknown) =>
      ctx.log?.warn({ err: cleanup }, 'removing a failed report failed'),
    );
    throw error instanceof ReportOutputClosed && storageError ? storageError : error;
  }
}

/** Names for the Summary sheet's filter lines; deleted groups and users keep their names in reports. */
async function findFilterNames(db: Db, filter: Pick<ReportFilter, 'groupId' | 'subGroupId' | 'issuerNumber'>) {
  return {
    groupName: filter.groupId ? await findGroupName(db, filter.groupId) : null,
    subGroupName: filter.subGroupId ? await findSubgroupName(db, filter.subGroupId) : null,
    issuerName: filter.issuerNumber ? await findNameByNumber(db, filter.issuerNumber) : null,
  };
}

async function writeSummary(
  db: Db,
  workbook: ReportWorkbook<ReportTicket>,
  body: ReportBody,
  filter: ReportFilter,
  context: { clock: ProviderClock; timezone: string; now: Date },
): Promise<void> {
  const totals = await summariseReport(db, filter);
  const names = await findFilterNames(db, filter);
  const number = body.user_phone_number ? displayNumber(body.user_phone_number) : null;
  workbook.writeSummary(
    summaryLines(
      {
        firstDay: body.start_date.slice(0, 10),
        lastDay: body.end_date.slice(0, 10),
        timezone: context.timezone,
        generatedAt: context.now,
        groupName: names.groupName,
        subGroupName: names.subGroupName,
        issuer: number && (names.issuerName ? `${names.issuerName} (${number})` : number),
      },
      totals,
      context.clock,
    ),
  );
}

/** Walks the report's tickets by id in batches; forwards and comments are counted per batch, not per row. */
async function writeTickets(
  db: Db,
  workbook: ReportWorkbook<ReportTicket>,
  filter: ReportFilter,
  outputGone: () => boolean,
): Promise<void> {
  const range = await findTicketIdRange(db, filter);
  if (!range) return;
  let after = range.first - 1;
  for (;;) {
    const rows = await selectTicketBatch(db, filter, after, range.last, REPORT_BATCH_SIZE);
    const last = rows.at(-1);
    if (!last) return;
    const ids = rows.map((row) => row.ticketId);
    const [forwards, comments, tags] = [
      await summariseForwards(db, ids),
      await countComments(db, ids),
      await tagsOfTickets(db, ids),
    ];
    // The storage side failed: stop reading; the caller reports its error.
    if (outputGone()) throw new ReportOutputClosed('the report output closed early');
    await workbook.addTickets(
      rows.map((row) => {
        const forward = forwards.get(row.ticketId);
        return {
          ...row,
          forwards: forward?.count ?? 0,
          forwardPath: forward?.path ?? [],
          comments: comments.get(row.ticketId) ?? 0,
          tags: tags.get(row.ticketId) ?? [],
        };
      }),
    );
    if (rows.length < REPORT_BATCH_SIZE) return;
    after = last.ticketId;
  }
}

const storedPreviewSchema = z.array(reportPreviewSheetSchema);

/** The first rows of each sheet of a report, for a holder of its (unexpired) link. */
export async function previewReport(
  ctx: ReportsContext,
  viewer: Pick<Viewer, 'user_type'>,
  publicUrl: string,
  now = new Date(),
): Promise<ReportPreviewReply> {
  assertCanUseReports(viewer);
  const link = parseSignedLink(publicUrl);
  if (!link || !REPORT_KEY.test(link.key)) throw new AppError('bad_request', 'reports.notReportLink');
  const check = checkSignedLink(ctx.links.secret, link.key, link.query, now);
  if (check === 'expired') throw new AppError('forbidden', 'reports.linkExpired');
  if (check === 'invalid') throw new AppError('forbidden', 'reports.linkInvalid');
  const object = await ctx.storage.read(previewKeyOf(link.key));
  if (!object) throw new AppError('not_found', 'reports.gone');
  const sheets = storedPreviewSchema.parse(JSON.parse(Buffer.concat((await object.body.toArray()) as Buffer[]).toString('utf8')));
  return {
    file_name: link.key.slice(link.key.lastIndexOf('/') + 1),
    expires_at: new Date(Number(link.query.expires) * 1000).toISOString(),
    sheets,
  };
}
