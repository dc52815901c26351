/** Small text helpers of the screens. */

/** Cuts a text to `max` characters followed by '...' (spec §2: ticket titles in the list). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Line breaks normalised to \n before a text is sent (spec §5). */
export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
