/**
 * The report workbook, written as a stream: rows go to the zip as they are added and are never
 * kept, so memory does not grow with the number of tickets. Sheet "Summary" comes first (its
 * figures are known before the rows are read), then sheet "Tickets", which the workbook opens on.
 * The first rows of each sheet are kept, as the viewer's text, for the in-app viewer.
 */
import type { Writable } from 'node:stream';
import ExcelJS, { type Worksheet } from 'exceljs';
import type { ReportPreviewSheet } from '@switchboard/shared';
import { NUMBER_FORMATS, cellValueOf, previewTextOf, type CellKind, type ReportValue } from './report-cells.ts';

export interface ColumnSpec<Row> {
  header: string;
  /** Width in characters. */
  width: number;
  kind: CellKind;
  value: (row: Row) => ReportValue;
}

export interface SummaryLine {
  section: string;
  item: string;
  value: ReportValue;
  kind: CellKind;
}

const HEADER_STYLE = {
  font: { bold: true, color: { argb: 'FFFFFFFF' } },
  fill: { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FF1C5D99' } },
  alignment: { vertical: 'middle' as const },
  border: { bottom: { style: 'thin' as const, color: { argb: 'FF0B3C66' } } },
};
const SECTION_FONT = { bold: true };

const SUMMARY_COLUMNS = [
  { header: 'Section', width: 18 },
  { header: 'Item', width: 36 },
  { header: 'Value', width: 28 },
];

/** A1-style name of a 1-based column (1 → A, 27 → AA). */
function columnLetter(index: number): string {
  let name = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function writeHeader(sheet: Worksheet, headers: string[]): void {
  const row = sheet.addRow(headers);
  row.height = 20;
  row.eachCell((cell) => {
    cell.font = HEADER_STYLE.font;
    cell.fill = HEADER_STYLE.fill;
    cell.alignment = HEADER_STYLE.alignment;
    cell.border = HEADER_STYLE.border;
  });
  row.commit();
  // A filter on every column, as staff slice a report by status or department first.
  sheet.autoFilter = { from: 'A1', to: `${columnLetter(headers.length)}1` };
}

/** Unzipped XML allowed to wait for the compressor before the rows are paused. */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * Bytes a streamed sheet has handed to the zip that the zip has not compressed yet. exceljs pushes
 * rows into the zip without back-pressure, so a producer faster than deflate would pile the whole
 * sheet up in memory. The queue is internal to exceljs; if it ever moves, this reads 0 and the
 * report still works, only without the brake.
 */
function zipBacklogOf(sheet: Worksheet): number {
  // archiver's queue is a readable-stream 2 PassThrough: its lengths sit in the stream states.
  interface Queue {
    _writableState?: { length?: number };
    _readableState?: { length?: number };
  }
  const queue = (sheet as unknown as { stream?: { pipes?: Queue[] } }).stream?.pipes?.[0];
  return (queue?._writableState?.length ?? 0) + (queue?._readableState?.length ?? 0);
}

/** Waits until the zip has caught up, or the output is gone (then nothing will ever drain). */
async function waitForZip(sheet: Worksheet, output: Writable): Promise<void> {
  while (zipBacklogOf(sheet) > MAX_BACKLOG_BYTES && !output.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
}

export interface ReportWorkbook<Row> {
  writeSummary(lines: SummaryLine[]): void;
  /** Adds rows; resolves once the zip has caught up enough to take more. */
  addTickets(rows: Row[]): Promise<void>;
  /** Finishes the file; resolves with what the viewer shows once the last byte went to the output. */
  finish(): Promise<ReportPreviewSheet[]>;
}

export function createReportWorkbook<Row>(
  output: Writable,
  options: { creator: string; created: Date; columns: ColumnSpec<Row>[]; previewRows: number; rowsSheet?: string },
): ReportWorkbook<Row> {
  const { columns, previewRows } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    // Shared strings would keep every distinct text in memory until the end.
    useSharedStrings: false,
    // Fast compression: the file is written once and read a few times.
    zip: { zlib: { level: 6 } },
  });
  workbook.creator = options.creator;
  workbook.created = options.created;
  workbook.views = [{ x: 0, y: 0, width: 20000, height: 12000, firstSheet: 0, activeTab: 1, visibility: 'visible' }];

  const frozenHeader = { views: [{ state: 'frozen' as const, ySplit: 1, activeCell: 'A2' }] };
  const summary = workbook.addWorksheet('Summary', frozenHeader);
  const rowsSheet = options.rowsSheet ?? 'Tickets';
  const tickets = workbook.addWorksheet(rowsSheet, frozenHeader);

  summary.columns = SUMMARY_COLUMNS.map((column) => ({ width: column.width }));
  tickets.columns = columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return { width: column.width, ...(numFmt ? { style: { numFmt } } : {}) };
  });

  const plainStyle = {};
  const cellStyles = columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return numFmt ? { numFmt } : plainStyle;
  });
  const summaryPreview: ReportPreviewSheet = {
    name: 'Summary',
    columns: SUMMARY_COLUMNS.map((column) => ({ ...column, align: 'left' as const })),
    rows: [],
    truncated: false,
  };
  const ticketsPreview: ReportPreviewSheet = {
    name: rowsSheet,
    columns: columns.map((column) => ({
      header: column.header,
      width: column.width,
      align: column.kind === 'text' ? ('left' as const) : ('right' as const),
    })),
    rows: [],
    truncated: false,
  };

  return {
    writeSummary(lines) {
      writeHeader(
        summary,
        SUMMARY_COLUMNS.map((column) => column.header),
      );
      for (const line of lines) {
        // Group names are user data too: every text goes through the formula guard.
        const row = summary.addRow([line.section, cellValueOf('text', line.item), cellValueOf(line.kind, line.value)]);
        row.getCell(1).font = SECTION_FONT;
        const numFmt = NUMBER_FORMATS[line.kind];
        if (numFmt) row.getCell(3).numFmt = numFmt;
        row.commit();
        if (summaryPreview.rows.length < previewRows)
          summaryPreview.rows.push([line.section, line.item, previewTextOf(line.kind, line.value)]);
        else summaryPreview.truncated = true;
      }
      summary.commit();
      writeHeader(
        tickets,
        columns.map((column) => column.header),
      );
    },

    async addTickets(rows) {
      for (const ticket of rows) {
        const values = columns.map((column) => column.value(ticket));
        const row = tickets.addRow(values.map((value, index) => cellValueOf(columns[index]?.kind ?? 'text', value)));
        // One style object per column: exceljs renders the style of a cell whose object it has not seen before.
        row.eachCell({ includeEmpty: true }, (cell, index) => {
          cell.style = cellStyles[index - 1] ?? plainStyle;
        });
        row.commit();
        if (ticketsPreview.rows.length < previewRows)
          ticketsPreview.rows.push(values.map((value, index) => previewTextOf(columns[index]?.kind ?? 'text', value)));
        else ticketsPreview.truncated = true;
      }
      await waitForZip(tickets, output);
    },

    async finish() {
      tickets.commit();
      await workbook.commit();
      return [summaryPreview, ticketsPreview];
    },
  };
}
