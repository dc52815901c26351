/**
 * The rows of a subscriber import (DESIGN.md §23), read from a CSV stream as they arrive: the header
 * checked, each row validated with the shared schemas, and the reason of each refused row written
 * in the request's language. Nothing here touches the database.
 */
import { Readable, pipeline } from 'node:stream';
import { parse, type Info } from 'csv-parse';
import {
  AppError,
  SUBSCRIBER_IMPORT_COLUMNS,
  subscriberFieldsSchema,
  subscriberNumberSchema,
  type Language,
  type SubscriberFields,
} from '@switchboard/shared';
import { say, sayRef } from '../../lib/messages.ts';

/** A line longer than this is no subscriber (an unclosed quote would otherwise gather the whole file). */
const MAX_RECORD_BYTES = 16 * 1024;

/** A row fit to store, in the column order of the upsert. */
export interface ImportRow extends Omit<SubscriberFields, 'external_id'> {
  number: string;
}

export type ReadRow = { line: number; row: ImportRow } | { line: number; refused: string };

/** The API's field names as the CSV's columns name them. */
const COLUMN_OF_FIELD: Record<string, string> = { area_code: 'area' };

/** The 413 of a file larger than `maxBytes`. */
export function importTooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', 'subscribers.importTooLarge', { max: Math.floor(maxBytes / (1024 * 1024)) });
}

/**
 * The chunks of `source` until more than `maxBytes` have come (then a 413). The request's stream is
 * left open when reading stops early, so that the refusal can still be sent on it.
 */
export async function* limitedChunks(source: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    seen += bytes.length;
    if (seen > maxBytes) throw importTooLarge(maxBytes);
    yield bytes;
  }
}

/** The records of the CSV stream with the line each ends on; a stream past `maxBytes` fails with a 413. */
function recordsOf(source: Readable, maxBytes: number): AsyncIterable<{ record: string[]; info: Info }> {
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n'],
    max_record_size: MAX_RECORD_BYTES,
  });
  // pipeline hands a failure of either side to the other: the loop over `parser` throws it.
  pipeline(Readable.from(limitedChunks(source, maxBytes), { objectMode: false }), parser, () => undefined);
  return parser;
}

/** The header must be the columns in order, `language` optional: its column count, or a 400. */
function checkHeader(record: string[]): number {
  const names = record.map((cell) => cell.trim().toLowerCase());
  const required = SUBSCRIBER_IMPORT_COLUMNS.slice(0, 5);
  const fits = (columns: readonly string[]) => names.length === columns.length && columns.every((name, i) => names[i] === name);
  if (fits(required) || fits(SUBSCRIBER_IMPORT_COLUMNS)) return names.length;
  throw new AppError('bad_request', 'subscribers.importHeader');
}

/** A row of `columns` cells as a subscriber, or the reason it is refused (the first problem, with its column). */
function checkRecord(record: string[], columns: number, language: Language): { row: ImportRow } | { refused: string } {
  if (record.length !== columns) return { refused: say(language, 'subscribers.columnCount', { count: columns }) };
  const [number = '', name, area, plan, status, spokenIn] = record;
  const parsedNumber = subscriberNumberSchema.safeParse(number);
  if (!parsedNumber.success) return { refused: `number: ${sayRef(language, parsedNumber.error.issues[0]?.message ?? '')}` };
  const fields = subscriberFieldsSchema.safeParse({
    name,
    area_code: area,
    plan,
    status: status?.trim(),
    ...(columns === 6 && spokenIn?.trim() ? { language: spokenIn.trim() } : {}),
  });
  if (!fields.success) {
    const issue = fields.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    return { refused: `${COLUMN_OF_FIELD[field] ?? field}: ${sayRef(language, issue?.message ?? '')}` };
  }
  const { external_id: _unused, ...row } = fields.data;
  return { row: { number: parsedNumber.data, ...row } };
}

function unreadable(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const line = (error as { lines?: unknown }).lines;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('CSV_'))
    return new AppError('bad_request', 'subscribers.importUnreadable', { line: typeof line === 'number' ? line : 0 });
  return error;
}

/**
 * Each data row of the CSV stream, checked: the header first (400 unless it fits), then every row
 * stored or refused with its line. `areaCodes` are the areas that exist; a number met before in the
 * file is refused, naming the line it was stored from.
 */
export async function* readImportRows(
  source: Readable,
  options: { maxBytes: number; language: Language; areaCodes: ReadonlySet<string> },
): AsyncGenerator<ReadRow> {
  const { language, areaCodes } = options;
  // Numbers are 13 digits: kept as numbers, a million of them take a few tens of megabytes.
  const firstLineOf = new Map<number, number>();
  let columns = 0;
  try {
    for await (const { record, info } of recordsOf(source, options.maxBytes)) {
      const line = info.lines;
      if (columns === 0) {
        columns = checkHeader(record);
        continue;
      }
      const checked = checkRecord(record, columns, language);
      if ('refused' in checked) {
        yield { line, refused: checked.refused };
        continue;
      }
      const { row } = checked;
      if (!areaCodes.has(row.area_code)) {
        yield { line, refused: `area: ${say(language, 'subscribers.unknownArea', { code: row.area_code })}` };
        continue;
      }
      const first = firstLineOf.get(Number(row.number));
      if (first !== undefined) {
        yield { line, refused: `number: ${say(language, 'subscribers.duplicateRow', { line: first })}` };
        continue;
      }
      firstLineOf.set(Number(row.number), line);
      yield { line, row };
    }
  } catch (error) {
    throw unreadable(error);
  }
  if (columns === 0) throw new AppError('bad_request', 'subscribers.importHeader');
}
