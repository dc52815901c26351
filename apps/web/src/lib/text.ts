/** Small text helpers of the screens. */

// The Bangla virama (hasanta), alone or followed by a zero-width joiner (as in র্\u200Dয).
const VIRAMA_AT_END = /\u09CD\u200D?$/u;
const STARTS_WITH_LETTER = /^\p{L}/u;

let segmenter: Intl.Segmenter | undefined;

/**
 * The characters of a text as a reader sees them: grapheme clusters, with a letter that ends in a
 * virama kept with the letter it joins. Unicode 15.1 clusters a Bangla conjunct whole; engines built
 * on older rules split it after the virama ("চ্" + "ছে"), and a cut there shows half a conjunct.
 */
function readerCharacters(text: string): string[] {
  // Firefox before 125 has no Segmenter: a base letter with its marks is the nearest cluster.
  segmenter ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;
  const clusters = segmenter
    ? Array.from(segmenter.segment(text), ({ segment }) => segment)
    : (text.match(/\P{M}\p{M}*/gu) ?? []);
  const characters: string[] = [];
  for (const cluster of clusters) {
    const previous = characters.at(-1);
    if (previous !== undefined && VIRAMA_AT_END.test(previous) && STARTS_WITH_LETTER.test(cluster)) {
      characters[characters.length - 1] = previous + cluster;
    } else {
      characters.push(cluster);
    }
  }
  return characters;
}

/**
 * Cuts a text to `max` characters followed by '...' (spec §2: ticket titles in the list). A character
 * is what a reader sees as one: a Bangla conjunct, a letter with its vowel sign, an emoji sequence.
 */
export function truncate(text: string, max: number): string {
  // Every character is at least one UTF-16 unit: a text this short cannot be over the limit.
  if (text.length <= max) return text;
  const characters = readerCharacters(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : text;
}
