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

/** Shapes of one statement kept prepared per database: past that, the least recently used is let go. */
export const SHAPES_KEPT = 200;

/** Values by key, at most `capacity` of them: a new one lets go of the one least recently used. */
export class RecentlyUsed<V> {
  readonly #values = new Map<string, V>();
  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.#values.size;
  }

  get(key: string): V | undefined {
    const value = this.#values.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in the order of insertion: taken out and put back, the key is the newest.
    this.#values.delete(key);
    this.#values.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.#values.delete(key);
    this.#values.set(key, value);
    if (this.#values.size > this.capacity) {
      const oldest = this.#values.keys().next();
      if (!oldest.done) this.#values.delete(oldest.value);
    }
  }
}

/** The prefixes of the statements prepared per shape: each names one statement. */
const prefixes = new Set<string>();

/** A statement prepared per shape, and how many shapes of a database are kept prepared now. */
export interface PreparedShapes<T> {
  (db: Db, shape: string, prepare: (name: string) => T): T;
  kept(db: Db): number;
}

/**
 * Statements whose text follows a filter's shape (which conditions it has, its values being
 * placeholders): prepared once per database and shape, the `capacity` most recently used shapes
 * kept. Every shape takes this one path; a shape let go is prepared again when it comes back.
 *
 * The name is a hash of the shape, so one name always stands for one text: a connection that
 * several databases or transactions share never sees one name for two statements, and a shape
 * prepared again is sent under the name it had. On server PostgreSQL a connection keeps what it
 * has parsed until it closes (a DEALLOCATE would leave `pg`, which remembers the names it parsed,
 * sending one the server no longer has); a shape let go stops being sent, and when it comes back
 * a connection that still holds its name runs it without parsing it again. PGlite sends every
 * statement unnamed, so letting go of a shape frees all of it there.
 *
 * A statement whose plan must see each request's values (a text search's pattern) is kept built
 * but prepared unnamed, `prepare('')`: PostgreSQL then plans it at every execution.
 */
export function preparedPerShape<T>(prefix: string, capacity = SHAPES_KEPT): PreparedShapes<T> {
  // Two statements of one prefix could give one shape two texts under one name.
  if (prefixes.has(prefix)) throw new Error(`statements prepared per shape as ${prefix} already exist`);
  prefixes.add(prefix);
  const kept = new WeakMap<Db, RecentlyUsed<T>>();
  const shapesOf = (db: Db) => {
    let shapes = kept.get(db);
    if (!shapes) {
      shapes = new RecentlyUsed<T>(capacity);
      kept.set(db, shapes);
    }
    return shapes;
  };
  const prepared: PreparedShapes<T> = (db, shape, prepare) => {
    const shapes = shapesOf(db);
    const found = shapes.get(shape);
    if (found !== undefined) return found;
    const made = withCompiledRows(prepare(`${prefix}_${createHash('sha256').update(shape).digest('base64url').slice(0, 22)}`));
    shapes.set(shape, made);
    return made;
  };
  prepared.kept = (db) => kept.get(db)?.size ?? 0;
  return prepared;
}
