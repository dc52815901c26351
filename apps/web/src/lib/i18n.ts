/**
 * The interface's language (DESIGN.md §16). Each folder's words live in `messages.en.json` (the
 * spec's English) and `messages.bn.json`, compiled at build time (icu-catalogs.ts). English travels
 * with the code that shows it; Bangla loads in one piece when chosen. The choice is kept in
 * localStorage and written to `<html lang>`.
 */
import { i18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { createMessageTranslator, DEFAULT_LANGUAGE, isLanguage, type Language } from '@switchboard/shared';

export { i18n };

const STORAGE_KEY = 'language';

/** A folder's English words, under the folder's path (`features/auth`) so that keys never collide. */
export interface Catalog<Key extends string> {
  namespace: string;
  english: Record<Key, unknown>;
}

export type MessageValues = Record<string, string | number>;
export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

export function defineCatalog<Key extends string>(namespace: string, english: Record<Key, unknown>): Catalog<Key> {
  return { namespace, english };
}

/** Stands in for a backslash of a value while Lingui formats (see `render`). */
const BACKSLASH = '\uE000';

/**
 * The message in `instance`'s language. Lingui decodes `\xNN` and `\uNNNN` anywhere in its
 * result, values included: a ticket title holding "\x41" would read "A". Backslashes of values
 * are hidden while it formats and put back after.
 */
function render<Key extends string>(instance: I18n, catalog: Catalog<Key>, key: Key, values?: MessageValues): string {
  const hidden =
    values &&
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'string' ? value.replaceAll('\\', BACKSLASH) : value,
      ]),
    );
  // The compiled English is the fallback: a key missing in Bangla (the catalog test forbids it) still reads well.
  const descriptor: MessageDescriptor = { id: `${catalog.namespace}.${key}`, message: catalog.english[key] as string };
  const text = instance._(hidden ? { ...descriptor, values: hidden } : descriptor);
  return hidden ? text.replaceAll(BACKSLASH, '\\') : text;
}

/** A message in the current language, outside React (toasts from handlers, document titles). */
export function translate<Key extends string>(catalog: Catalog<Key>, key: Key, values?: MessageValues): string {
  return render(i18n, catalog, key, values);
}

/** The catalog's messages for a component, which renders again when the language changes. */
export function useMessages<Key extends string>(catalog: Catalog<Key>): Translate<Key> {
  const { i18n: current } = useLingui();
  return (key, values) => render(current, catalog, key, values);
}

// Every folder's Bangla, one lazy chunk; the key is the catalog file, its folder the namespace.
const banglaCatalogs = import.meta.glob<Messages>(['/src/**/messages.bn.json'], { import: 'default' });

/** `/src/features/auth/messages.bn.json` → `features/auth`. */
export function namespaceOfFile(file: string): string {
  return file.replace(/^\/src\//, '').replace(/\/messages\.(en|bn)\.json$/, '');
}

/** The Bangla of the server's and the schemas' English messages, once Bangla has loaded. */
let banglaServerMessages: ((message: string) => string) | null = null;

/**
 * A message written by the server or a shared schema, in the interface's language. The server
 * answers in the language asked (Accept-Language); this covers what the browser itself validates
 * and replies asked before a switch.
 */
export function translateServerMessage(message: string): string {
  return currentLanguage() === 'bn' && banglaServerMessages ? banglaServerMessages(message) : message;
}

async function loadBangla(): Promise<Messages> {
  const table = import('@switchboard/shared/messages.bn').then((module) => {
    banglaServerMessages = createMessageTranslator(module.BANGLA_MESSAGES);
  });
  const entries = await Promise.all(
    Object.entries(banglaCatalogs).map(async ([file, load]) => {
      const namespace = namespaceOfFile(file);
      return Object.entries(await load()).map(([key, message]) => [`${namespace}.${key}`, message] as const);
    }),
  );
  await table;
  return Object.fromEntries(entries.flat());
}

export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

let bangla: Promise<Messages> | null = null;

/** Switches the interface; Bangla's words arrive first, so no screen shows a mix while they load. */
export async function changeLanguage(language: Language): Promise<void> {
  if (language === 'bn') {
    bangla ??= loadBangla().catch((error: unknown) => {
      bangla = null;
      throw error;
    });
    i18n.load('bn', await bangla);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
}

/** English at once (its words are in the code); the stored choice when it is Bangla. */
export async function startLanguage(): Promise<void> {
  i18n.load('en', {});
  i18n.activate('en');
  const language = storedLanguage();
  if (language !== 'en') await changeLanguage(language).catch(() => undefined);
}
