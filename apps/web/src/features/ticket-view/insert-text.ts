/** Where a canned reply goes in the comment being written. */
export interface TextSelection {
  start: number;
  end: number;
}

/**
 * The text with `snippet` in place of the selection (at the caret when nothing is selected), or
 * appended on a line of its own when the caret is unknown. Returns the new text and the caret after
 * the snippet.
 */
export function insertText(text: string, snippet: string, selection: TextSelection | null): { text: string; caret: number } {
  if (selection === null || selection.start > text.length) {
    const joined = text === '' || text.endsWith('\n') ? text : `${text}\n`;
    return { text: joined + snippet, caret: joined.length + snippet.length };
  }
  const end = Math.min(Math.max(selection.end, selection.start), text.length);
  return { text: text.slice(0, selection.start) + snippet + text.slice(end), caret: selection.start + snippet.length };
}

/**
 * What "Insert reply" writes for a help article: its title and the address of its public page on
 * the desk (`origin`, the address the desk is served at), so that the customer can open it.
 */
export function articleLinkText(title: string, slug: string, origin: string): string {
  return `${title}: ${origin.replace(/\/+$/, '')}/help/${encodeURIComponent(slug)}`;
}
