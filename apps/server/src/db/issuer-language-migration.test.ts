/**
 * Migration 0013 gives the people and tickets of a desk upgraded with its history a language:
 * English, the only one the desk spoke to them before.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { tickets, users } from './schema.ts';
import { databaseKinds } from '../../test/test-databases.ts';
import { upgradedDatabase } from '../../test/migration-support.ts';

const BEFORE = '0012_dashboard_backlog';
const ISSUER = '00000000-0000-4000-8000-000000000001';

/** A customer with a ticket and a public-form ticket, written as the previous version wrote them. */
const HISTORY = [
  sql`insert into users (id, name, product_number, user_type) values (${ISSUER}, 'Issuer', '8809600000001', 'customer')`,
  sql`insert into tickets (ticket_id, title, description, problematic_number, issuer_user_id, issuer_number, issuer_user_type, client_email, group_name)
    overriding system value values
    (1, 'Signed in', 'Down', '8801700000000', ${ISSUER}, '8809600000001', 'customer', null, 'Internet'),
    (2, 'Public form', 'Down', '8801700000000', null, null, 'customer', 'nasrin@example.com', 'Internet')`,
];

for (const kind of databaseKinds()) {
  describe(`migration 0013, issuer language [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof upgradedDatabase>> | undefined;
    const db = (): Db => {
      if (!database) throw new Error('no database');
      return database.db;
    };

    beforeAll(async () => {
      database = await upgradedDatabase(kind, BEFORE, HISTORY);
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    it('speaks English to the people and tickets it finds, and Bangla to whoever asks for it later', async () => {
      const people = eq(users.kind, 'person');
      expect(await db().select({ language: users.language }).from(users).where(people)).toEqual([{ language: 'en' }]);
      expect(await db().select({ language: tickets.issuerLanguage }).from(tickets)).toEqual([
        { language: 'en' },
        { language: 'en' },
      ]);
      await db().update(users).set({ language: 'bn' }).where(people);
      expect(await db().select({ language: users.language }).from(users).where(people)).toEqual([{ language: 'bn' }]);
    });
  });
}
