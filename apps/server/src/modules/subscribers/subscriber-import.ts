/**
 * An import of the billing system's subscribers (DESIGN.md §23): a CSV streamed in (to a private
 * file first: import-spool.ts), upserted by number in batches of one statement each, all inside ONE
 * transaction. A file refused on the way (too large, unreadable CSV, a lost connection) rolls back
 * whole: nothing is half-imported. Rows refused one by one (a bad number, an unknown area, a number
 * twice) store nothing of themselves and stop nothing else. The file is never held in memory: at
 * most one batch of rows is.
 */
import type { Readable } from 'node:stream';
import { SUBSCRIBER_IMPORT_REFUSED_SHOWN, type Language, type RefusedRow } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { holdAreaCodes } from './areas.repository.ts';
import { withSpooledCopy } from './import-spool.ts';
import { importTooLarge, readImportRows, type ImportRow, type ReadRow } from './import-rows.ts';
import { lockImports, upsertSubscriberBatch } from './subscribers.repository.ts';
import { assertMayWriteSubscribers } from './subscribers.service.ts';

/** Rows a statement upserts: large enough that round trips do not count, small enough to stay a few hundred kB. */
export const IMPORT_BATCH_ROWS = 2000;

export interface ImportReport {
  read: number;
  stored: number;
  refused: number;
  refused_rows: RefusedRow[];
}

export interface ImportOptions {
  /** The largest file read (bytes); a larger one is refused with 413 and stores nothing. */
  maxBytes: number;
  /** The body's Content-Length, when the client gave it: a larger one is refused before a row is read. */
  declaredBytes: number | undefined;
  /** The language of the refused rows' reasons. */
  language: Language;
}

/** Reads, checks and upserts every row of the CSV `source`; the report of what was stored and refused. */
export async function importSubscribers(db: Db, actor: Actor, source: Readable, options: ImportOptions): Promise<ImportReport> {
  assertMayWriteSubscribers(actor);
  if (options.declaredBytes !== undefined && options.declaredBytes > options.maxBytes) throw importTooLarge(options.maxBytes);
  return withSpooledCopy(source, options.maxBytes, (copy) => storeAll(db, actor, copy, options));
}

/** Every row of the copy, in ONE transaction: a failure on the way (unreadable CSV, a lost connection) leaves nothing stored. */
function storeAll(db: Db, actor: Actor, copy: Readable, options: ImportOptions): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    await lockImports(tx);
    const areaCodes = await holdAreaCodes(tx);
    const report: ImportReport = { read: 0, stored: 0, refused: 0, refused_rows: [] };
    const rows = readImportRows(copy, { maxBytes: options.maxBytes, language: options.language, areaCodes });
    await storeInBatches(tx, rows, report);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'subscribers.import',
      target: 'subscribers',
      ip: actor.ip,
      details: { read: report.read, stored: report.stored, refused: report.refused, client_id: actor.client?.id ?? null },
    });
    return report;
  });
}

/**
 * Counts the rows into `report` and upserts the good ones a batch at a time. The next batch is read
 * and checked while the database stores the last one: parsing and storing take about as long each,
 * and the machine has a core for each.
 */
async function storeInBatches(tx: Db, rows: AsyncIterable<ReadRow>, report: ImportReport): Promise<void> {
  let batch: ImportRow[] = [];
  // The batch being stored: settles with its failure, if any, so that none goes unheard meanwhile.
  let storing: Promise<unknown> = Promise.resolve(undefined);
  const store = (rowsOfBatch: ImportRow[]) =>
    upsertSubscriberBatch(tx, rowsOfBatch).then(
      (stored) => {
        report.stored += stored;
        return undefined;
      },
      (error: unknown) => error ?? new Error('a batch failed'),
    );
  const stored = async () => {
    const failure = await storing;
    if (failure !== undefined) throw failure;
  };
  try {
    for await (const read of rows) {
      report.read += 1;
      if ('refused' in read) {
        report.refused += 1;
        if (report.refused_rows.length < SUBSCRIBER_IMPORT_REFUSED_SHOWN)
          report.refused_rows.push({ line: read.line, reason: read.refused });
        continue;
      }
      batch.push(read.row);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await stored();
        storing = store(batch);
        batch = [];
      }
    }
    await stored();
    storing = store(batch);
    await stored();
  } finally {
    // Never leave a statement running when the transaction ends (a refusal mid-way rolls back after it).
    await storing;
  }
}
