/**
 * Messages by key (DESIGN.md §1, §16). Every word a person reads lives in the catalogs of
 * `packages/shared/messages/<language>/`, in ICU MessageFormat; code names a message by its key
 * (`tickets.notFound`) and its values. A message written where only a string fits (a zod schema's
 * message, the field details of an error) travels as a reference: the key, and its values as JSON
 * when it has any (`tickets.titleTooLong{"max":200}`). Whoever shows it renders it in the reader's
 * language: the server in the request's, the browser in the interface's.
 */
import type { ServerMessageKey, ValidationMessageKey } from './message-keys.ts';

export type { IssuerMessageKey, ServerMessageKey, ValidationMessageKey } from './message-keys.ts';

/** Any message the server may reply with: its own, or one of the schemas' it checks again. */
export type MessageKey = ServerMessageKey | ValidationMessageKey;

export type MessageValues = Readonly<Record<string, string | number>>;

export interface MessageRef {
  key: string;
  values: MessageValues | undefined;
}

/** A key: the catalog's domain, a dot, the message's name (`canned-replies.notFound`). */
const REF = /^([a-z][a-z-]*\.[A-Za-z][\w.]*)(\{.*\})?$/s;

/** A schema's message: the key, with its values when it has any. */
export function msg(key: ValidationMessageKey, values?: MessageValues): string {
  return values ? `${key}${JSON.stringify(values)}` : key;
}

/** The key and values of a message reference; null for any other text (zod's own English, say). */
export function parseMessageRef(text: string): MessageRef | null {
  const match = REF.exec(text);
  if (!match) return null;
  const [, key = '', json] = match;
  if (!json) return { key, values: undefined };
  try {
    const values: unknown = JSON.parse(json);
    return typeof values === 'object' && values !== null && !Array.isArray(values)
      ? { key, values: values as MessageValues }
      : null;
  } catch {
    return null;
  }
}

/** Stands in for a backslash of a value while a message is formatted (see `withLiteralValues`). */
const BACKSLASH = '\uE000';

/**
 * Formats with `values` kept as they were written. Lingui decodes `\xNN` and `\uNNNN` anywhere in
 * its result, values included: a ticket title holding "\x41" would read "A". Backslashes of values
 * are hidden while `format` runs and put back after.
 */
export function withLiteralValues(format: (values: MessageValues | undefined) => string, values?: MessageValues): string {
  if (!values) return format(undefined);
  const hidden = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.replaceAll('\\', BACKSLASH) : value]),
  );
  return format(hidden).replaceAll(BACKSLASH, '\\');
}
