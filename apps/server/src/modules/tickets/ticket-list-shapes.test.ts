/**
 * The ticket list prepares its statements per filter shape and keeps the most recently used
 * SHAPES_KEPT of them: a desk that asks for more shapes gets each one answered by the same path,
 * a shape let go being prepared again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';
import type { Database, Db } from '../../db/client.ts';
import { SHAPES_KEPT } from '../../db/prepared.ts';
import { firstPageShapesKept, listTicketPage, type TicketFilter } from './ticket-list.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
const calendarDay = (at: number) => new Date(at).toISOString().slice(0, 10);

for (const kind of databaseKinds()) {
  describe(`ticket list shapes [${kind}]`, () => {
    let database: Database | undefined;
    const db = (): Db => {
      if (!database) throw new Error('the database is not open');
      return database.db;
    };
    let conditions: Partial<TicketFilter>[] = [];
    let ticketId = 0;

    /** The filter of shape `n`: the conditions its bits pick, each one the ticket meets. */
    const filterOf = (n: number): TicketFilter =>
      Object.assign({ ticketId }, ...conditions.filter((_, bit) => (n >> bit) & 1)) as TicketFilter;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      const { group, subgroups } = await buildGroup(db());
      const subgroup = subgroups[0];
      if (!subgroup) throw new Error('no subgroup');
      const fields = { groupId: group.id, subGroupId: subgroup.id, issuedTo: 'cc', ticketStatus: 'open' } as const;
      const ticket = await buildTicket(db(), null, { ...fields, issuerUserType: 'customer' });
      await buildTicket(db(), null, { ...fields, problematicNumber: ticket.problematicNumber });
      ticketId = ticket.ticketId;
      const now = Date.now();
      conditions = [
        { issuerUserType: 'customer' },
        { groupId: group.id },
        { subGroupId: subgroup.id },
        { issuedTo: 'cc' },
        { status: 'open' },
        { numberRange: { from: ticket.problematicNumber, before: `${ticket.problematicNumber}0` } },
        { createdDays: { start: calendarDay(now - DAY), timezone: 'UTC' } },
        { assigneeUserId: null },
        { numberRange: { from: ticket.problematicNumber, before: null } },
      ];
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    it('answers more shapes than it keeps, each by its own statement, and keeps SHAPES_KEPT', async () => {
      const shapes = SHAPES_KEPT + 20;
      expect(2 ** conditions.length).toBeGreaterThan(shapes);
      for (let n = 0; n < shapes; n += 1) {
        const page = await listTicketPage(db(), filterOf(n), 0, 10);
        expect({ n, ids: page.rows.map((row) => row.ticketId), total: page.total }).toEqual({ n, ids: [ticketId], total: 1 });
        const none = await listTicketPage(db(), { ...filterOf(n), ticketId: ticketId + 1_000_000 }, 0, 10);
        expect({ n, ids: none.rows, total: none.total }).toEqual({ n, ids: [], total: 0 });
      }
      expect(firstPageShapesKept(db())).toBe(SHAPES_KEPT);
      // The first shapes were let go: prepared again, they answer as before.
      for (let n = 0; n < 5; n += 1)
        expect((await listTicketPage(db(), filterOf(n), 0, 10)).rows.map((row) => row.ticketId)).toEqual([ticketId]);
      expect(firstPageShapesKept(db())).toBe(SHAPES_KEPT);
    });
  });
}
