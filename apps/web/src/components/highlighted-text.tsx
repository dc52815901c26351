/** Text with the parts that match a search shown in `<mark>` (DESIGN.md §19); never as HTML. */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` cut into pieces; the odd pieces are the matches of `words`, whatever their case. */
export function splitMatches(text: string, words: string | undefined): string[] {
  const needle = words?.trim();
  if (!needle) return [text];
  return text.split(new RegExp(`(${escapeRegExp(needle)})`, 'iu'));
}

export function HighlightedText({ text, words }: { text: string; words: string | undefined }) {
  const pieces = splitMatches(text, words);
  if (pieces.length === 1) return text;
  // Each piece is React text: markup typed into a title or a search stays text.
  return pieces.map((piece, index) => (index % 2 === 1 ? <mark key={index}>{piece}</mark> : piece));
}
