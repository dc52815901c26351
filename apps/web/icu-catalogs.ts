/**
 * A build step: every message catalog (`packages/shared/messages/<language>/…/*.json`) is compiled from ICU
 * MessageFormat to Lingui's compiled form as it is imported, so the browser gets no message parser.
 * The result is JSON again, which Vite's own JSON step then turns into a module.
 */
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

export const CATALOG_FILE = /[\\/]shared[\\/]messages[\\/][a-z]{2,3}[\\/].+\.json$/;

/** The catalog's messages compiled; throws naming the key of a message that is not valid ICU. */
export function compileCatalog(source: string, file: string): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
}

export function icuCatalogs(): Plugin {
  return {
    name: 'switchboard:icu-catalogs',
    enforce: 'pre',
    load(id) {
      if (!CATALOG_FILE.test(id)) return null;
      return JSON.stringify(compileCatalog(readFileSync(id, 'utf8'), id));
    },
  };
}
