/**
 * The upload of an import, copied to a file of its own first (DESIGN.md §23): the request is read
 * as fast as the client sends it, without a database connection or a lock held meanwhile, and the
 * rows are then read from the file at the database's pace. A slow client never holds a transaction
 * open, and a long import is not cut by the server's request time (which counts until the body is
 * in). The file is never in memory; it is removed whatever happens.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { limitedChunks } from './import-rows.ts';

/** Copies `source` (at most `maxBytes`, else a 413 and nothing kept) to a private file and hands `work` a stream of it. */
export async function withSpooledCopy<T>(source: Readable, maxBytes: number, work: (copy: Readable) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'switchboard-import-'));
  const file = path.join(folder, 'upload.csv');
  try {
    await pipeline(
      Readable.from(limitedChunks(source, maxBytes), { objectMode: false }),
      createWriteStream(file, { mode: 0o600 }),
    );
    const copy = createReadStream(file);
    try {
      return await work(copy);
    } finally {
      copy.destroy();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
