/**
 * Refuses text that PostgreSQL cannot store. The NUL character (U+0000) is valid JSON and valid
 * UTF-8, so every schema lets it through, but `text` and `jsonb` columns reject it: without this
 * check it surfaced as a 500 from deep inside a write (found by the API fuzzer). Checked once for
 * every route, after parsing and before the schemas run.
 */
import fp from 'fastify-plugin';
import { AppError } from '@switchboard/shared';

const NUL = '\u0000';

/**
 * The field path of a string holding U+0000, or null. Iterative (bodies may nest deeply) and
 * linear: strings are checked where they stand, only objects and arrays are queued, and the path
 * (`attachments.3`) is built only for the value that holds the character, from the parents kept.
 */
export function findNulCharacter(root: unknown): string | null {
  if (typeof root === 'string') return root.includes(NUL) ? '(root)' : null;
  if (root === null || typeof root !== 'object') return null;
  // Every object or array met, with the index of its parent and its key there.
  const containers: object[] = [root];
  const parents: number[] = [-1];
  const keys: (string | number)[] = [''];
  const pending: number[] = [0];
  const pathTo = (container: number, key: string | number) => {
    const path: (string | number)[] = [key];
    for (let at = container; at > 0; at = parents[at] ?? 0) path.push(keys[at] ?? '');
    return path.reverse().join('.');
  };
  const visit = (child: unknown, container: number, key: string | number): string | null => {
    if (typeof child === 'string') return child.includes(NUL) ? pathTo(container, key) : null;
    if (child !== null && typeof child === 'object') {
      pending.push(containers.length);
      containers.push(child);
      parents.push(container);
      keys.push(key);
    }
    return null;
  };
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    const value = containers[container];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const found = visit(value[i], container, i);
        if (found) return found;
      }
    } else if (value) {
      for (const key of Object.keys(value)) {
        const found = visit((value as Record<string, unknown>)[key], container, key);
        if (found) return found;
      }
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
