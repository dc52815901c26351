/**
 * Statements prepared per shape: more shapes than are kept all answer, each with its own text; the
 * kept ones stay at the cap, the least recently used let go and prepared again when it returns.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../test/test-databases.ts';
import type { Database, Db } from './client.ts';
import { preparedPerShape, RecentlyUsed } from './prepared.ts';

describe('recently used values', () => {
  it('keeps the newest ones up to its capacity, a read making a value the newest', () => {
    const kept = new RecentlyUsed<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3);
    expect(kept.size).toBe(2);
    expect(kept.get('b')).toBeUndefined();
    expect([kept.get('a'), kept.get('c')]).toEqual([1, 3]);
  });
});

describe('statements of one prefix', () => {
  it('are refused a second time: one name could then stand for two texts', () => {
    preparedPerShape('prepared_twice');
    expect(() => preparedPerShape('prepared_twice')).toThrow(/prepared_twice/);
  });
});

for (const kind of databaseKinds()) {
  describe(`statements prepared per shape [${kind}]`, () => {
    let database: Database | undefined;
    const db = (): Db => {
      if (!database) throw new Error('the database is not open');
      return database.db;
    };
    const CAP = 4;
    const shapes = preparedPerShape<{ execute(values: { value: number }): Promise<{ answer: number }[]> }>(
      `shape_probe_${kind}`,
      CAP,
    );
    const names: string[] = [];
    /** Shape `n` adds n to its value: a shape run under another's text would answer wrongly. */
    const run = async (n: number, value: number) => {
      const statement = shapes(db(), `plus ${n}`, (name) => {
        names.push(`${n} ${name}`);
        return db()
          .select({ answer: sql<number>`(${sql.placeholder('value')}::int + ${sql.raw(String(n))})`.mapWith(Number) })
          .from(sql`(select 1) as one`)
          .prepare(name);
      });
      const [row] = await statement.execute({ value });
      return row?.answer;
    };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    it('answers every shape of more than it keeps, keeping the cap', async () => {
      const answers = await Promise.all(Array.from({ length: 3 * CAP }, (_, n) => run(n, 100)));
      expect(answers).toEqual(Array.from({ length: 3 * CAP }, (_, n) => 100 + n));
      expect(shapes.kept(db())).toBe(CAP);
      // Each shape again, on whichever connection: the ones let go come back under their own names.
      for (let round = 0; round < 2; round += 1) {
        for (let n = 0; n < 3 * CAP; n += 1) expect(await run(n, round)).toBe(round + n);
      }
      expect(shapes.kept(db())).toBe(CAP);
    });

    it('prepares a shape again once it was let go, under the same name, and not while it is kept', async () => {
      const before = names.length;
      expect(await run(0, 1)).toBe(1);
      const again = names.slice(before);
      expect(again).toHaveLength(1);
      expect(names.filter((entry) => entry === again[0]).length).toBeGreaterThan(1);
      expect(await run(0, 2)).toBe(2);
      expect(names).toHaveLength(before + 1);
    });
  });
}
