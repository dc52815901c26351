/**
 * Rows mapped by a function made once per statement are the rows drizzle's own mapping makes, and
 * a statement whose left-joined table is an object of its own keeps drizzle's mapping (which sets
 * that object to null when the join found nothing).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../test/test-databases.ts';
import type { Database, Db } from './client.ts';
import { withCompiledRows } from './compiled-rows.ts';
import { tickets, users } from './schema.ts';

const mapperOf = (prepared: unknown) => (prepared as { customResultMapper?: unknown }).customResultMapper;

for (const kind of databaseKinds()) {
  describe(`compiled rows [${kind}]`, () => {
    let database: Database | undefined;
    const db = (): Db => {
      if (!database) throw new Error('the database is not open');
      return database.db;
    };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      const [issuer] = await db()
        .insert(users)
        .values({ name: 'Rahim Uddin', productNumber: '8809600000101', userType: 'customer', role: 'user' })
        .returning();
      const ticket = { title: 'No signal', description: 'Since noon', problematicNumber: '8801711000000', groupName: 'Internet' };
      await db()
        .insert(tickets)
        .values([
          { ...ticket, issuerUserType: 'customer', issuerUserId: issuer?.id, attachments: ['a.png'] },
          { ...ticket, issuerUserType: 'customer' },
        ]);
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    const issuerJoined = eq(users.id, tickets.issuerUserId);

    it('maps an object of the read table beside flat fields of a left join as drizzle does', async () => {
      const fields = {
        ticket: tickets,
        issuerName: users.name,
        issued: sql<Date>`${tickets.createdAt}`.mapWith(tickets.createdAt),
      };
      const query = () => db().select(fields).from(tickets).leftJoin(users, issuerJoined).orderBy(tickets.ticketId);
      const prepared = withCompiledRows(query().prepare('compiled_rows_flat'));
      expect(mapperOf(prepared)).toBeTypeOf('function');
      const compiled = await prepared.execute();
      expect(compiled).toEqual(await query());
      expect(compiled.map((row) => row.issuerName)).toEqual(['Rahim Uddin', null]);
      expect(compiled[0]?.ticket.attachments).toEqual(['a.png']);
      expect(compiled[0]?.issued).toBeInstanceOf(Date);
    });

    it('leaves a left-joined table selected as an object to drizzle, which nulls it when nothing joined', async () => {
      const query = db()
        .select({ ticket: tickets, issuer: users })
        .from(tickets)
        .leftJoin(users, issuerJoined)
        .orderBy(tickets.ticketId);
      const prepared = withCompiledRows(query.prepare('compiled_rows_joined'));
      expect(mapperOf(prepared)).toBeUndefined();
      const rows = await prepared.execute();
      expect(rows[0]?.issuer).toMatchObject({ name: 'Rahim Uddin' });
      expect(rows[1]?.issuer).toBeNull();
    });
  });
}
