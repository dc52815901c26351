/**
 * Statements of the hot paths, prepared once per database (DESIGN.md §10): drizzle builds their
 * SQL once, and PostgreSQL parses and plans each of them once per connection, not per request.
 */
import type { Db } from './client.ts';

/**
 * `prepare(db)` run once per database and kept. Only for the database itself: inside a transaction
 * (a `tx` of its own each time) build the statement as usual instead.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let prepared = kept.get(db);
    if (!prepared) {
      prepared = prepare(db);
      kept.set(db, prepared);
    }
    return prepared;
  };
}
