/** The paging arithmetic of the lists (spec §2, §9): 10 per page, a window of the current page ± 3. */
import { PAGE_SIZE } from '@switchboard/shared';

/** Pages shown on each side of the current one in the pagination control. */
const PAGINATION_WINDOW = 3;

/** The last page: the ceiling of total divided by the page size (at least 1, so page 1 always exists). */
export function lastPageOf(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page numbers shown around the current one, clamped to 1..last. */
export function pageWindow(current: number, last: number, radius = PAGINATION_WINDOW): number[] {
  const from = Math.max(1, current - radius);
  const to = Math.min(last, current + radius);
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

/**
 * The footer text: 'Showing X-Y out of total', or 'No results to display' for an empty list.
 * An estimated total (very large lists) reads 'out of about 932,000'.
 */
export function pageSummary(page: number, total: number, pageSize = PAGE_SIZE, estimated = false): string {
  if (total <= 0) return 'No results to display';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  if (estimated) return `Showing ${first}-${last} out of about ${roundedForReading(total).toLocaleString('en-US')}`;
  return `Showing ${first}-${last} out of ${total}`;
}

/** Three significant digits: an estimate should not pretend to be exact. */
function roundedForReading(total: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(total)) - 2);
  return Math.round(total / unit) * unit;
}

/**
 * The page of a list's URL (`?page=N`): a whole number from 1, else undefined (the first page).
 * The router reads `?page=2` as a number and `?page=x` as a string; both are asked.
 */
export function pageOfSearch(value: unknown): number | undefined {
  const page = typeof value === 'string' ? Number(value) : value;
  return typeof page === 'number' && Number.isSafeInteger(page) && page > 0 ? page : undefined;
}
