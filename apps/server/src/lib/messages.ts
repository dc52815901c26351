/**
 * The server's words (DESIGN.md §1, §16): the shared catalogs of every language in `LANGUAGES`,
 * read and compiled once at start. A message is rendered in the reader's language; a key a
 * language lacks (the catalog test forbids it) falls back to English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_LOCALES,
  LANGUAGES,
  parseMessageRef,
  withLiteralValues,
  type IssuerMessageKey,
  type Language,
  type MessageKey,
  type MessageValues,
} from '@switchboard/shared';

/** The catalogs the server speaks: its own replies, the schemas' messages and the issuer's SMS and e-mail. */
const SERVER_CATALOGS = ['server', 'validation'] as const;

function catalogDirectory(language: Language): string {
  return fileURLToPath(import.meta.resolve(`@switchboard/shared/messages/${language}/issuer.json`)).replace(/issuer\.json$/, '');
}

function compiled(file: string, prefix: string): Messages {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages).map(([name, message]) => [`${prefix}.${name}`, compileMessageOrThrow(message)]),
  );
}

/** Every message of `language`, under its key: the domain (the file's name) and the message's name. */
export function loadCatalogs(language: Language): Messages {
  const directory = catalogDirectory(language);
  const messages: Messages = compiled(`${directory}issuer.json`, 'issuer');
  for (const kind of SERVER_CATALOGS)
    for (const file of readdirSync(`${directory}${kind}`).filter((name) => name.endsWith('.json')))
      Object.assign(messages, compiled(`${directory}${kind}/${file}`, file.replace(/\.json$/, '')));
  return messages;
}

const english = loadCatalogs(DEFAULT_LANGUAGE);

function speakerOf(language: Language): I18n {
  const messages = language === DEFAULT_LANGUAGE ? english : { ...english, ...loadCatalogs(language) };
  // The language's formatting locale: plurals' `#` and numbers in Latin digits (DESIGN.md §16).
  return setupI18n({ locale: language, locales: [LANGUAGE_LOCALES[language]], messages: { [language]: messages } });
}

const speakers = Object.fromEntries(LANGUAGES.map((language) => [language, speakerOf(language)])) as Record<Language, I18n>;

/** The message `key` in `language`, with its values. */
export function say(language: Language, key: MessageKey | IssuerMessageKey, values?: MessageValues): string {
  const speaker = speakers[language];
  return withLiteralValues((literal) => speaker._(key, literal), values);
}

/** A message reference (a schema's message, a field's detail) in `language`; other text as it is. */
export function sayRef(language: Language, text: string): string {
  const ref = parseMessageRef(text);
  if (!ref || !(ref.key in english)) return text;
  return say(language, ref.key as MessageKey, ref.values);
}
