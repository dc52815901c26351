/** The list's `tag=` (DESIGN.md §27) as the server reads it, apart from tickets-search.ts, which loads at start-up. */
import { TAG_MAX_LENGTH } from '@switchboard/shared';
import { cleanFilters, type TicketFilters } from './tickets-search.ts';

/**
 * A tag as tagSchema normalises it (trimmed, one space inside, lower case, 1–TAG_MAX_LENGTH
 * characters, no comma or control character), or undefined for one the server would refuse.
 */
export function normaliseTag(entry: string): string | undefined {
  const tag = entry.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();
  return tag !== '' && tag.length <= TAG_MAX_LENGTH && !/[\p{Cc}\p{Cf},]/u.test(tag) ? tag : undefined;
}

/** The filters with their tag normalised; a tag the server would refuse is dropped, as other bad values are. */
export function withNormalisedTag(filters: TicketFilters): TicketFilters {
  return filters.tag === undefined ? filters : cleanFilters({ ...filters, tag: normaliseTag(filters.tag) });
}
