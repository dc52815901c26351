/** Small text helpers of the screens. */

/** Cuts a text to `max` characters followed by '...' (spec §2: ticket titles in the list). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
