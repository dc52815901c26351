/**
 * DESIGN.md §1, §16: one folder of catalogs per language in `packages/shared/messages/`, and one
 * per entry of `LANGUAGES`. Every language has each file of English with the same keys, each a
 * valid ICU message taking the same arguments. Keys are unique across the server's and the
 * schemas' catalogs; message-keys.ts types every domain; each web catalog is defined under its
 * folder's name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@switchboard/shared';
import { compileCatalog } from '../../apps/web/icu-catalogs.ts';
import { ROOT, WEB_SRC } from './web-sources.ts';

const MESSAGES = path.join(ROOT, 'packages/shared/messages');

/** The catalog files of a language, relative to its folder (`server/users.json`, `web/features/auth.json`). */
function catalogFiles(language: string): string[] {
  return readdirSync(path.join(MESSAGES, language), { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => entry.endsWith('.json'))
    .sort();
}

function compiled(language: string, file: string): Record<string, unknown> {
  return compileCatalog(readFileSync(path.join(MESSAGES, language, file), 'utf8'), `${language}/${file}`);
}

/** The argument names a compiled message takes (`{brand}`, `{count, plural, …}`), sorted. */
export function argumentsOf(message: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(message)) {
    for (const token of message) {
      if (!Array.isArray(token)) continue;
      const [name, , format] = token as [unknown, unknown, unknown];
      if (typeof name === 'string') found.add(name);
      if (format && typeof format === 'object') for (const branch of Object.values(format)) argumentsOf(branch, found);
    }
  }
  return [...found].sort();
}

const englishFiles = catalogFiles(DEFAULT_LANGUAGE);
const otherLanguages = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

describe('the message catalogs', () => {
  it('are one folder per language of LANGUAGES', () => {
    expect(readdirSync(MESSAGES).sort()).toEqual([...LANGUAGES].sort());
    expect(englishFiles.length).toBeGreaterThan(30);
  });

  describe.each(otherLanguages)('%s', (language) => {
    it('has the files of English', () => {
      expect(catalogFiles(language)).toEqual(englishFiles);
    });

    it.each(englishFiles)('%s has every key of English and no other, each with the same arguments', (file) => {
      const english = compiled(DEFAULT_LANGUAGE, file);
      const translated = compiled(language, file);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(english))
        expect(argumentsOf(translated[key]), `${language}/${file}: ${key}`).toEqual(argumentsOf(message));
    });
  });

  it('names each key of the server and the schemas once', () => {
    const owners = new Map<string, string[]>();
    for (const file of englishFiles.filter((name) => /^(server|validation)\//.test(name))) {
      const domain = path.posix.basename(file, '.json');
      for (const key of Object.keys(compiled(DEFAULT_LANGUAGE, file)))
        owners.set(`${domain}.${key}`, [...(owners.get(`${domain}.${key}`) ?? []), file]);
    }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });

  it('types every domain of the server and the schemas', () => {
    const types = readFileSync(path.join(ROOT, 'packages/shared/src/message-keys.ts'), 'utf8');
    for (const file of englishFiles.filter((name) => /^(server|validation)\//.test(name)))
      expect(types, file).toContain(`'../messages/en/${file}'`);
  });

  it.each(englishFiles.filter((file) => file.startsWith('web/')))('%s is defined under its folder’s name', (file) => {
    const folder = file.replace(/^web\//, '').replace(/\.json$/, '');
    const definition = path.join(WEB_SRC, folder, 'messages.ts');
    expect(existsSync(definition), definition).toBe(true);
    expect(readFileSync(definition, 'utf8')).toMatch(new RegExp(`defineCatalog\\('${folder}', english\\)`));
  });

  it('finds an argument that a translation lost', () => {
    expect(argumentsOf(compileCatalog('{"a": "{count, plural, one {# of {name}} other {#}}"}', 'probe').a)).toEqual([
      'count',
      'name',
    ]);
    expect(argumentsOf(compileCatalog('{"a": "Hello"}', 'probe').a)).toEqual([]);
  });

  it('refuses a message that is not valid ICU', () => {
    expect(() => compileCatalog('{"a": "{unit, select, oss-bss {OSS} other {x}}"}', 'probe')).toThrow(
      /"a" is not a valid ICU message/,
    );
    expect(() => compileCatalog('{"a": "Hello {name"}', 'probe')).toThrow(/not a valid ICU message/);
  });
});
