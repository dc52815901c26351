/**
 * The interface's language (DESIGN.md §16). The words live in the shared catalogs
 * (`packages/shared/messages/<language>/`): each folder's screens in `web/<folder>.json`, the
 * schemas' messages in `validation/`. They are compiled at build time (icu-catalogs.ts). English
 * travels with the code that shows it; another language loads in one piece when chosen. The choice
 * is kept in localStorage and written to `<html lang>`.
 */
import { i18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALES, withLiteralValues, type Language } from '@switchboard/shared';

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

/** The message in `instance`'s language, its values as written. */
function render<Key extends string>(instance: I18n, catalog: Catalog<Key>, key: Key, values?: MessageValues): string {
  // The compiled English is the fallback: a key missing in another language (the catalog test forbids it) still reads well.
  const descriptor: MessageDescriptor = { id: `${catalog.namespace}.${key}`, message: catalog.english[key] as string };
  return withLiteralValues((literal) => instance._(literal ? { ...descriptor, values: literal } : descriptor), values);
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

// Every other language's words, one lazy chunk per language (catalogs.<language>.ts), keyed by file.
const otherLanguages: Partial<Record<Language, () => Promise<{ catalogFiles: Record<string, Messages> }>>> = {
  bn: () => import('./catalogs.bn.ts'),
};

/** `…/messages/bn/web/features/auth.json` → `features/auth`; `…/messages/bn/validation/tickets.json` → `validation/tickets`. */
export function namespaceOfFile(file: string): string {
  return file.replace(/^.*\/messages\/[^/]+\/(web\/)?/, '').replace(/\.json$/, '');
}

async function loadLanguage(language: Language): Promise<Messages> {
  const load = otherLanguages[language];
  if (!load) return {};
  const { catalogFiles } = await load();
  const entries = Object.entries(catalogFiles).flatMap(([file, messages]) => {
    const namespace = namespaceOfFile(file);
    return Object.entries(messages).map(([key, message]) => [`${namespace}.${key}`, message] as const);
  });
  return Object.fromEntries(entries);
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

const loading = new Map<Language, Promise<Messages>>();

/** Switches the interface; the language's words arrive first, so no screen shows a mix while they load. */
export async function changeLanguage(language: Language): Promise<void> {
  if (language !== DEFAULT_LANGUAGE) {
    const words =
      loading.get(language) ??
      loadLanguage(language).catch((error: unknown) => {
        loading.delete(language);
        throw error;
      });
    loading.set(language, words);
    i18n.load(language, await words);
  }
  i18n.activate(language, [LANGUAGE_LOCALES[language]]);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
}

/** English at once (its words are in the code); the stored choice when it is another. */
export async function startLanguage(): Promise<void> {
  i18n.load(DEFAULT_LANGUAGE, {});
  i18n.activate(DEFAULT_LANGUAGE, [LANGUAGE_LOCALES[DEFAULT_LANGUAGE]]);
  const language = storedLanguage();
  if (language !== DEFAULT_LANGUAGE) await changeLanguage(language).catch(() => undefined);
}
