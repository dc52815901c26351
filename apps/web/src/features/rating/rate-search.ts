import { isLanguage, RATING_MAX, RATING_MIN, type Language } from '@switchboard/shared';

/** `/rate?t=<token>&s=<score>&lang=<language>`: the link of the satisfaction e-mail (DESIGN.md §25). */
export interface RateSearch {
  t?: string;
  s?: number;
  lang?: Language;
}

/** A plain check: the server checks the token; a score out of range is no score (the page asks). */
export function validateRateSearch(search: Record<string, unknown>): RateSearch {
  const result: RateSearch = {};
  if (typeof search.t === 'string' && search.t !== '') result.t = search.t;
  const score = Number(search.s);
  if (Number.isInteger(score) && score >= RATING_MIN && score <= RATING_MAX) result.s = score;
  if (isLanguage(search.lang)) result.lang = search.lang;
  return result;
}

/** The ticket a token names (its first part), for the page's words only; the server decides. */
export function ticketOfToken(token: string): number | null {
  const id = Number(token.split('.')[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
