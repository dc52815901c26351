/** LIKE patterns from what a person typed: their `%`, `_` and `\` are matched as themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
