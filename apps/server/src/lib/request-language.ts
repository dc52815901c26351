/**
 * The language a request asks for (DESIGN.md §16). The web app sends the interface's language as
 * `Accept-Language` on every call; a browser or another client may send a full list.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@switchboard/shared';

/**
 * Only the start of the header is read: real lists are a few dozen characters, and a header of
 * kilobytes (the server accepts 16 KB of headers) must cost no more than a short one.
 */
const MAX_HEADER_LENGTH = 256;
const MAX_RANGES = 16;

/** `bn-BD` (or `bn_BD`) → `bn`; `*` (any language) → the default; a language we do not speak → null. */
function languageOfRange(range: string): Language | null {
  const tag = range.trim().toLowerCase();
  if (tag === '*') return DEFAULT_LANGUAGE;
  const primary = tag.split(/[-_]/, 1)[0];
  return isLanguage(primary) ? primary : null;
}

/** The weight of a range's parameters (`q=0.8`); 1 without one, 0 (never) when it is not a number from 0 to 1. */
function weightOf(parameters: string[]): number {
  const q = parameters.map((parameter) => parameter.trim().toLowerCase()).find((parameter) => parameter.startsWith('q='));
  if (q === undefined) return 1;
  return /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q.slice(2)) : 0;
}

/** The ranges of the header's start; a range cut off at the end is dropped, not guessed from. */
function rangesOf(header: string): string[] {
  if (header.length <= MAX_HEADER_LENGTH) return header.split(',', MAX_RANGES);
  const start = header.slice(0, MAX_HEADER_LENGTH);
  return start.slice(0, Math.max(0, start.lastIndexOf(','))).split(',', MAX_RANGES);
}

/**
 * The first language the desk speaks among those of the `Accept-Language` header, by weight (ties
 * in the header's order); the default language without the header or when none is spoken. A
 * malformed header is never an error: a person's message must not fail over how they were asked.
 */
export function requestLanguage(request: { headers: Pick<IncomingHttpHeaders, 'accept-language'> }): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return DEFAULT_LANGUAGE;
  let best: { language: Language; weight: number } | null = null;
  for (const item of rangesOf(header)) {
    const [range = '', ...parameters] = item.split(';');
    const language = languageOfRange(range);
    const weight = weightOf(parameters);
    if (language && weight > 0 && (!best || weight > best.weight)) best = { language, weight };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
