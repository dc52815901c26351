/** The languages of the desk (DESIGN.md §16): English, the spec's own words, and Bangla. */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as the language switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The locale each language formats dates and numbers with (`Intl`, the catalogs' plurals): Bangla's
 * month names with Latin digits (`-u-nu-latn`), so that a date, a count and a ticket id on one screen
 * read alike (DESIGN.md §16: the catalogs keep Latin digits).
 */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-US', bn: 'bn-BD-u-nu-latn' };

/** The language after `language` in LANGUAGES, as the switch offers it. */
export function nextLanguage(language: Language): Language {
  return LANGUAGES[(LANGUAGES.indexOf(language) + 1) % LANGUAGES.length] ?? DEFAULT_LANGUAGE;
}
