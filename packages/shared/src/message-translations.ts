/**
 * Server and validation messages in Bangla (DESIGN.md §16). The messages are English where they are
 * written (AppError, the zod schemas); a table maps each English message, or its template, to
 * Bangla. A template marks each varying part `{0}`, `{1}`, …: "A cause has at most {0} characters"
 * translates "A cause has at most 2000 characters". The table itself (messages.bn.ts) is loaded
 * only where Bangla is wanted: the web app loads it with its Bangla catalogs.
 */
export type MessageTable = Readonly<Record<string, string>>;

interface Template {
  pattern: RegExp;
  bangla: string;
}

const PLACEHOLDER = /\{(\d+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templateOf(english: string, bangla: string): Template {
  const parts = english.split(PLACEHOLDER);
  // split keeps the captured indices at odd positions: text, index, text, index, …
  const names: string[] = [];
  const source = parts
    .map((part, position) => {
      if (position % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  const order = names.map(Number);
  return {
    pattern: new RegExp(`^${source}$`, 's'),
    // Rewrites the Bangla's {n} as $k, k being the capture of {n} in the English.
    bangla: bangla.replace(PLACEHOLDER, (_, index: string) => `$${order.indexOf(Number(index)) + 1}`),
  };
}

/** A translator over `table`: the Bangla of a message, or the message itself when the table has none. */
export function createMessageTranslator(table: MessageTable): (message: string) => string {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, bangla] of Object.entries(table)) {
    if (PLACEHOLDER.test(english)) templates.push(templateOf(english, bangla));
    else exact.set(english, bangla);
    PLACEHOLDER.lastIndex = 0;
  }
  return (message) => {
    const found = exact.get(message);
    if (found !== undefined) return found;
    for (const template of templates)
      if (template.pattern.test(message)) return message.replace(template.pattern, template.bangla);
    return message;
  };
}
