/** What an app under test logs: give `stream` to its logger, read the `lines` it wrote. */
import { Writable } from 'node:stream';

export function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}
