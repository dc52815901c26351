/** The web app's source files, for the language guards. */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.join(import.meta.dirname, '../..');
export const WEB_SRC = path.join(ROOT, 'apps/web/src');

/** Paths relative to apps/web/src of the files whose name passes `keep`. */
export function webFiles(keep: (name: string) => boolean): string[] {
  return readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((entry) => keep(path.posix.basename(entry)))
    .sort();
}
