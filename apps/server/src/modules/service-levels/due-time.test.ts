/**
 * The due-time rule (service-levels.sql, ticket_due_at and the triggers that keep tickets.due_at),
 * one row per case: the holder's levels, the ticket as written, and when it is due.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IssuedTo, TicketStatus } from '@switchboard/shared';
import { serviceLevels, tickets } from '../../db/schema.ts';
import { databaseKinds, useTestDatabase } from '../../../test/test-databases.ts';

const CREATED = '2026-03-01T09:00:00Z';
const REPLIED = '2026-03-01T10:30:00Z';
const REOPENED = '2026-03-05T12:00:00Z';

interface Row {
  case: string;
  holder: IssuedTo;
  status: TicketStatus;
  firstReply: string | null;
  reopened: string | null;
  /** The holder's levels: hours to the first staff reply, hours to resolve (none for an agent). */
  levels: [number, number] | null;
  due: string | null;
}

type Cells = [string, IssuedTo, TicketStatus, string | null, string | null, [number, number] | null, string | null];

// prettier-ignore
const TABLE: Cells[] = [
  // case                                            holder     status         first reply  reopened   levels    due
  ['new: first-reply level',                         'cc',      'open',        null,        null,      [4, 48],  '2026-03-01T13:00:00Z'],
  ['forwarded, no reply yet',                        'rs',      'in_progress', null,        null,      [6, 48],  '2026-03-01T15:00:00Z'],
  ['resolve level shorter than the first-reply one', 'iptsp',   'open',        null,        null,      [8, 3],   '2026-03-01T12:00:00Z'],
  ['answered: resolve level from the creation',      'oss-bss', 'in_progress', REPLIED,     null,      [4, 24],  '2026-03-02T09:00:00Z'],
  ['answered, still open',                           'cc',      'open',        REPLIED,     null,      [4, 48],  '2026-03-03T09:00:00Z'],
  ['reopened: resolve level from the reopen',        'cc',      'open',        null,        REOPENED,  [4, 48],  '2026-03-07T12:00:00Z'],
  ['reopened after a reply',                         'rs',      'in_progress', REPLIED,     REOPENED,  [2, 10],  '2026-03-05T22:00:00Z'],
  ['solved',                                         'cc',      'closed',      REPLIED,     null,      [4, 48],  null],
  ['solved after a reopen',                          'iptsp',   'closed',      null,        REOPENED,  [4, 48],  null],
  ['held by an agent: no levels',                    'agent',   'open',        null,        null,      null,     null],
];

const ROWS: Row[] = TABLE.map(([name, holder, status, firstReply, reopened, levels, due]) => ({
  case: name,
  holder,
  status,
  firstReply,
  reopened,
  levels,
  due,
}));

for (const kind of databaseKinds()) {
  describe(`the due time of a ticket [${kind}]`, () => {
    const db = useTestDatabase(kind);

    const setLevels = async (holder: IssuedTo, levels: [number, number] | null) => {
      if (holder === 'agent' || !levels) return;
      const [firstReplyHours, resolveHours] = levels;
      await db().update(serviceLevels).set({ firstReplyHours, resolveHours }).where(eq(serviceLevels.department, holder));
    };

    const writeTicket = async (row: Row) => {
      const [written] = await db()
        .insert(tickets)
        .values({
          title: row.case,
          description: 'Down',
          problematicNumber: '8801700000000',
          issuedTo: row.holder,
          issuerUserType: 'customer',
          ticketStatus: row.status,
          groupName: 'Internet',
          createdAt: new Date(CREATED),
          firstStaffReplyAt: row.firstReply ? new Date(row.firstReply) : null,
          reopenedAt: row.reopened ? new Date(row.reopened) : null,
        })
        .returning({ ticketId: tickets.ticketId, dueAt: tickets.dueAt });
      if (!written) throw new Error('no ticket');
      return written;
    };

    it.each(ROWS)('$case: $holder, $status, levels $levels → $due', async (row) => {
      await setLevels(row.holder, row.levels);
      const { dueAt } = await writeTicket(row);
      expect(dueAt?.toISOString() ?? null).toBe(row.due && new Date(row.due).toISOString());
    });

    it('moves with every write that changes what it depends on', async () => {
      await setLevels('cc', [4, 48]);
      await setLevels('rs', [2, 24]);
      const { ticketId } = await writeTicket({
        case: 'moving',
        holder: 'cc',
        status: 'open',
        firstReply: null,
        reopened: null,
        levels: null,
        due: null,
      });
      const dueOf = async () => {
        const [row] = await db().select({ dueAt: tickets.dueAt }).from(tickets).where(eq(tickets.ticketId, ticketId));
        return row?.dueAt?.toISOString() ?? null;
      };
      expect(await dueOf()).toBe('2026-03-01T13:00:00.000Z');
      // Forwarded to rs: rs's first-reply level.
      await db().update(tickets).set({ issuedTo: 'rs', ticketStatus: 'in_progress' }).where(eq(tickets.ticketId, ticketId));
      expect(await dueOf()).toBe('2026-03-01T11:00:00.000Z');
      // rs's levels change: the tickets rs holds move with them.
      await setLevels('rs', [5, 24]);
      expect(await dueOf()).toBe('2026-03-01T14:00:00.000Z');
      // A staff reply: the resolve level from the creation.
      await db()
        .update(tickets)
        .set({ firstStaffReplyAt: new Date(REPLIED) })
        .where(eq(tickets.ticketId, ticketId));
      expect(await dueOf()).toBe('2026-03-02T09:00:00.000Z');
      // Solved: no due time.
      await db().update(tickets).set({ ticketStatus: 'closed' }).where(eq(tickets.ticketId, ticketId));
      expect(await dueOf()).toBeNull();
    });
  });
}
