/**
 * How report values become spreadsheet cells and the viewer's text. Every cell is typed on purpose:
 * text that a spreadsheet program could read as a formula is written as an inline rich-text string,
 * which no program evaluates, and dates are real date cells holding the provider's wall clock.
 */
import type { CellRichTextValue } from 'exceljs';

export type CellKind = 'text' | 'integer' | 'hours' | 'datetime';
export type ReportValue = string | number | Date | null;

/** Excel's number formats for each kind (text needs none). */
export const NUMBER_FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  integer: '0',
  hours: '0.00',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** The most characters one cell holds in Excel; longer text is cut, not refused. */
const CELL_MAX_LENGTH = 32_767;

/**
 * Leading characters that make spreadsheet programs (or their CSV import) start a formula or DDE
 * call: = + - @, and tab or carriage return before one of them.
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/** Characters that XML 1.0 cannot carry at all (exceljs drops the control characters itself). */
const NOT_XML = /[\uFFFE\uFFFF]/g;

export function isFormulaLike(text: string): boolean {
  return FORMULA_TRIGGER.test(text);
}

/** A text cell's value: a plain string, or an inline rich-text string when it looks like a formula. */
export function textCell(text: string): string | CellRichTextValue {
  const clean = text.replace(NOT_XML, '').slice(0, CELL_MAX_LENGTH);
  return isFormulaLike(clean) ? { richText: [{ text: clean }] } : clean;
}

/** What a value becomes in its cell. */
export function cellValueOf(kind: CellKind, value: ReportValue): string | number | Date | CellRichTextValue | null {
  if (value === null) return null;
  if (kind === 'text') return textCell(String(value));
  return value;
}

/** The viewer shows a cell on one line; a long description is cut so that a preview stays small. */
const PREVIEW_TEXT_MAX_LENGTH = 300;

/** The viewer's text of a value, as the number format shows it in a spreadsheet. */
export function previewTextOf(kind: CellKind, value: ReportValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 16).replace('T', ' ');
  if (typeof value === 'number') return kind === 'hours' ? value.toFixed(2) : String(value);
  return value.length > PREVIEW_TEXT_MAX_LENGTH ? `${value.slice(0, PREVIEW_TEXT_MAX_LENGTH - 1)}…` : value;
}
