/**
 * Processes of the desk that start together on an empty PostgreSQL database all come up, and the
 * migrations run once (DESIGN.md §18): the start-up work runs under an advisory lock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../test/test-databases.ts';
import { MIGRATIONS_FOLDER, openDatabase } from './client.ts';

const PROCESSES = 4;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describe.skipIf(!process.env.TEST_DATABASE_URL)('start-up on server PostgreSQL', () => {
  it(`lets ${PROCESSES} processes starting together on an empty database all come up, migrating once`, async () => {
    const empty = await createEmptyDatabase();
    const opened = await Promise.allSettled(Array.from({ length: PROCESSES }, () => openDatabase({ url: empty.url })));
    try {
      expect(opened.map((result) => result.status)).toEqual(Array(PROCESSES).fill('fulfilled'));
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      const applied = await client.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
      await client.end();
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
    } finally {
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      await empty.drop();
    }
  });

  it('runs exclusive work of two processes one after the other', async () => {
    const empty = await createEmptyDatabase();
    const [first, second] = await Promise.all([openDatabase({ url: empty.url }), openDatabase({ url: empty.url })]);
    try {
      const order: string[] = [];
      const step = (name: string) => async () => {
        order.push(`${name} begins`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        order.push(`${name} ends`);
      };
      await Promise.all([first.exclusively(step('first')), second.exclusively(step('second'))]);
      // Whichever came first ended before the other began.
      expect(order).toHaveLength(4);
      expect(order[1]).toBe(order[0]?.replace('begins', 'ends'));
    } finally {
      await first.close();
      await second.close();
      await empty.drop();
    }
  });
});
