/**
 * DESIGN.md §16: every message has an English and a Bangla entry. Each folder's `messages.en.json`
 * has a `messages.bn.json` beside it with the same keys, each a valid ICU message taking the same
 * arguments, and a `messages.ts` that names the catalog by its folder (the namespace under which
 * the Bangla is loaded).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../apps/web/icu-catalogs.ts';
import { WEB_SRC, webFiles } from './web-sources.ts';

const englishFiles = webFiles((name) => name === 'messages.en.json');

/** The argument names a compiled message takes (`{brand}`, `{count, plural, …}`), sorted. */
function argumentsOf(compiled: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(compiled)) {
    for (const token of compiled) {
      if (!Array.isArray(token)) continue;
      const [name, , format] = token as [unknown, unknown, unknown];
      if (typeof name === 'string') found.add(name);
      if (format && typeof format === 'object') for (const branch of Object.values(format)) argumentsOf(branch, found);
    }
  }
  return [...found].sort();
}

function compiled(file: string): Record<string, unknown> {
  return compileCatalog(readFileSync(path.join(WEB_SRC, file), 'utf8'), file);
}

describe('the message catalogs', () => {
  it('exist', () => {
    expect(englishFiles.length).toBeGreaterThan(0);
  });

  describe.each(englishFiles)('%s', (englishFile) => {
    const folder = path.posix.dirname(englishFile);
    const banglaFile = `${folder}/messages.bn.json`;

    it('has a Bangla entry for every English one and no other, each with the same arguments', () => {
      expect(existsSync(path.join(WEB_SRC, banglaFile)), banglaFile).toBe(true);
      const english = compiled(englishFile);
      const bangla = compiled(banglaFile);
      expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(english)) {
        expect(argumentsOf(bangla[key]), `${banglaFile}: ${key}`).toEqual(argumentsOf(message));
      }
    });

    it('is defined under its folder’s name', () => {
      const definition = readFileSync(path.join(WEB_SRC, folder, 'messages.ts'), 'utf8');
      expect(definition).toMatch(new RegExp(`defineCatalog\\('${folder}', english\\)`));
    });
  });

  it('finds an argument that Bangla lost, and a missing key', () => {
    expect(argumentsOf(compileCatalog('{"a": "{count, plural, one {# of {name}} other {#}}"}', 'probe').a)).toEqual([
      'count',
      'name',
    ]);
    expect(argumentsOf(compileCatalog('{"a": "Hello"}', 'probe').a)).toEqual([]);
  });
});
