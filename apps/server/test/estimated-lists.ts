/** What a list's first page says once more rows match than are counted exactly (DESIGN.md §10). */
import { expect } from 'vitest';
import type { TicketListReply } from '@switchboard/shared';
import { EXACT_COUNT_LIMIT } from '../src/db/bounded-count.ts';

/**
 * The first page of `matching` tickets titled "Ticket 1", "Ticket 2", … newest first: an estimate,
 * said to be one, within 10% of the truth, and still the ten newest tickets.
 */
export function expectEstimatedFirstPage(page: TicketListReply, matching: number): void {
  expect(page.total_is_estimate).toBe(true);
  expect(page.total_tickets).toBeGreaterThan(EXACT_COUNT_LIMIT);
  expect(Math.abs(page.total_tickets - matching) / matching).toBeLessThan(0.1);
  expect(page.data.map((ticket) => ticket.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Ticket ${i + 1}`));
}
