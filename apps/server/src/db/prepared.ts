/**
 * Statements of the hot paths, prepared once per database (DESIGN.md §10): drizzle builds their
 * SQL once, PostgreSQL parses and plans each of them once per connection, not per request, and
 * their rows are mapped by a function made once (`compiled-rows.ts`).
 */
import { createHash } from 'node:crypto';
import type { Db } from './client.ts';
import { withCompiledRows } from './compiled-rows.ts';

/**
 * `prepare(db)` run once per database and kept. Only for the database itself: inside a transaction
 * (a `tx` of its own each time) build the statement as usual instead.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let prepared = kept.get(db);
    if (!prepared) {
      prepared = withCompiledRows(prepare(db));
      kept.set(db, prepared);
    }
    return prepared;
  };
}

/** Shapes a statement is prepared in per database at most: past that it is built as usual. */
export const SHAPES_PREPARED = 200;

/**
 * Statements whose text follows a filter's shape (which conditions it has, its values being
 * placeholders): prepared once per database and shape. The name comes from the shape itself, so a
 * connection that several databases or transactions share never sees one name for two statements.
 * Past SHAPES_PREPARED shapes of a database it answers null, and the caller builds the statement.
 * A statement whose plan must see each request's values (a text search's pattern) is kept built
 * but prepared unnamed, `prepare('')`: PostgreSQL then plans it at every execution.
 */
export function preparedPerShape<T>(prefix: string): (db: Db, shape: string, prepare: (name: string) => T) => T | null {
  const kept = new WeakMap<Db, Map<string, T>>();
  return (db, shape, prepare) => {
    const shapes = kept.get(db) ?? new Map<string, T>();
    kept.set(db, shapes);
    const found = shapes.get(shape);
    if (found !== undefined) return found;
    if (shapes.size >= SHAPES_PREPARED) return null;
    const prepared = withCompiledRows(
      prepare(`${prefix}_${createHash('sha256').update(shape).digest('base64url').slice(0, 22)}`),
    );
    shapes.set(shape, prepared);
    return prepared;
  };
}
