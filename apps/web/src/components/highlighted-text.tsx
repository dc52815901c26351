/** Text with the parts that match a search shown in `<mark>` (DESIGN.md §19); never as HTML. */
import { searchWordsOf } from '@switchboard/shared';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` cut into pieces; the odd pieces are the matches of any word of the search (as the search
 * takes its words: searchWordsOf), whatever their case, the longest word first where two overlap.
 */
export function splitMatches(text: string, words: string | undefined): string[] {
  const needles = searchWordsOf(words ?? '').sort((a, b) => b.length - a.length);
  if (needles.length === 0) return [text];
  return text.split(new RegExp(`(${needles.map(escapeRegExp).join('|')})`, 'iu'));
}

export function HighlightedText({ text, words }: { text: string; words: string | undefined }) {
  const pieces = splitMatches(text, words);
  if (pieces.length === 1) return text;
  // Each piece is React text: markup typed into a title or a search stays text.
  return pieces.map((piece, index) => (index % 2 === 1 ? <mark key={index}>{piece}</mark> : piece));
}
