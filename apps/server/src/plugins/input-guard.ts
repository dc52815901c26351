/**
 * Refuses text that PostgreSQL cannot store. The NUL character (U+0000) is valid JSON and valid
 * UTF-8, so every schema lets it through, but `text` and `jsonb` columns reject it: without this
 * check it surfaced as a 500 from deep inside a write (found by the API fuzzer). Checked once for
 * every route, after parsing and before the schemas run.
 */
import fp from 'fastify-plugin';
import { AppError } from '@switchboard/shared';

/** The field path of the first string holding U+0000, or null. Iterative: bodies may nest deeply. */
export function findNulCharacter(root: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[root, '']];
  while (pending.length > 0) {
    const next = pending.pop();
    if (!next) break;
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '(root)';
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = findNulCharacter(part);
        if (field) throw new AppError('validation', 'common.nulCharacter', undefined, { [field]: 'common.nulCharacter' });
      }
    });
  },
  { name: 'input-guard' },
);
