/**
 * A process opens no more connections to server PostgreSQL than its pool's size, however many
 * statements wait (DATABASE_POOL_SIZE, default DEFAULT_POOL_SIZE): the rest queue in the process.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/query-plans.ts';
import { createEmptyDatabase } from '../../test/test-databases.ts';
import { DEFAULT_POOL_SIZE, openDatabase } from './client.ts';

/** The backends that answered `statements` statements sent at once, each holding its connection a while. */
async function backendsServing(poolSize: number | undefined, statements: number): Promise<number> {
  const empty = await createEmptyDatabase();
  const database = await openDatabase({ url: empty.url, poolSize });
  try {
    const backendOf = async () =>
      (await rowsOf<{ pid: number }>(database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)))[0]?.pid;
    const backends = await Promise.all(Array.from({ length: statements }, backendOf));
    return new Set(backends).size;
  } finally {
    await database.close();
    await empty.drop();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the pool on server PostgreSQL', () => {
  it('opens the connections it is given and no more', async () => {
    expect(await backendsServing(2, 6)).toBe(2);
  });

  it(`opens ${DEFAULT_POOL_SIZE} connections when not told`, async () => {
    expect(await backendsServing(undefined, DEFAULT_POOL_SIZE + 5)).toBe(DEFAULT_POOL_SIZE);
  });
});
