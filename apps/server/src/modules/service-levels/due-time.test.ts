/**
 * The due-time rule (service-levels.sql: ticket_clock, working_add and the trigger that keeps
 * tickets.due_at), one row per case: the holder's levels and calendar, the ticket as written, and
 * when it is due. "BD" is the seeded Sunday–Thursday 9–17 calendar of Asia/Dhaka (UTC+6, so 03:00
 * to 11:00 UTC), with a holiday on Tuesday 2026-03-17; March 2026 starts on a Sunday.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssuedTo, TicketStatus } from '@switchboard/shared';
import { holidays, serviceLevels, tickets } from '../../db/schema.ts';
import { databaseKinds, useTestDatabase } from '../../../test/test-databases.ts';
import { seededCalendarId } from '../calendars/calendars.test-support.ts';
import { recomputeKey, recomputeStep } from './sla-recompute.ts';

const CREATED = '2026-03-01T09:00:00Z';
const REPLIED = '2026-03-01T10:30:00Z';
const REOPENED = '2026-03-05T12:00:00Z';
/** Sunday 10:00 in Dhaka. */
const SUNDAY_10 = '2026-03-01T04:00:00Z';
const HOLIDAY = '2026-03-17';

type Calendar = 'BD' | null;

interface Row {
  case: string;
  holder: IssuedTo;
  status: TicketStatus;
  created: string;
  firstReply: string | null;
  reopened: string | null;
  /** The holder's levels: hours to the first staff reply, hours to resolve (none for an agent). */
  levels: [number, number] | null;
  calendar: Calendar;
  waitingSince: string | null;
  waited: number;
  due: string | null;
}

type Cells = [
  string,
  IssuedTo,
  TicketStatus,
  string,
  string | null,
  string | null,
  [number, number] | null,
  Calendar,
  string | null,
  number,
  string | null,
];

// prettier-ignore
const TABLE: Cells[] = [
  // case                                            holder     status         created                 first reply  reopened                levels    calendar waiting since         waited due
  ['new: first-reply level',                         'cc',      'open',        CREATED,                null,        null,                   [4, 48],  null,    null,                 0,     '2026-03-01T13:00:00Z'],
  ['forwarded, no reply yet',                        'rs',      'in_progress', CREATED,                null,        null,                   [6, 48],  null,    null,                 0,     '2026-03-01T15:00:00Z'],
  ['resolve level shorter than the first-reply one', 'iptsp',   'open',        CREATED,                null,        null,                   [8, 3],   null,    null,                 0,     '2026-03-01T12:00:00Z'],
  ['answered: resolve level from the creation',      'oss-bss', 'in_progress', CREATED,                REPLIED,     null,                   [4, 24],  null,    null,                 0,     '2026-03-02T09:00:00Z'],
  ['answered, still open',                           'cc',      'open',        CREATED,                REPLIED,     null,                   [4, 48],  null,    null,                 0,     '2026-03-03T09:00:00Z'],
  ['reopened: resolve level from the reopen',        'cc',      'open',        CREATED,                null,        REOPENED,               [4, 48],  null,    null,                 0,     '2026-03-07T12:00:00Z'],
  ['reopened after a reply',                         'rs',      'in_progress', CREATED,                REPLIED,     REOPENED,               [2, 10],  null,    null,                 0,     '2026-03-05T22:00:00Z'],
  ['solved',                                         'cc',      'closed',      CREATED,                REPLIED,     null,                   [4, 48],  null,    null,                 0,     null],
  ['solved after a reopen',                          'iptsp',   'closed',      CREATED,                null,        REOPENED,               [4, 48],  null,    null,                 0,     null],
  ['held by an agent: no levels',                    'agent',   'open',        CREATED,                null,        null,                   null,     null,    null,                 0,     null],
  ['always: a wait adds its length',                 'cc',      'open',        CREATED,                null,        null,                   [4, 48],  null,    null,                 3600,  '2026-03-01T14:00:00Z'],
  ['calendar: within a working day',                 'cc',      'open',        SUNDAY_10,              null,        null,                   [4, 48],  'BD',    null,                 0,     '2026-03-01T08:00:00Z'],
  ['calendar: Thursday afternoon over the weekend',  'cc',      'open',        '2026-03-05T09:00:00Z', null,        null,                   [4, 48],  'BD',    null,                 0,     '2026-03-08T05:00:00Z'],
  ['calendar: overnight, created after 17:00',       'rs',      'open',        '2026-03-02T13:00:00Z', null,        null,                   [4, 48],  'BD',    null,                 0,     '2026-03-03T07:00:00Z'],
  ['calendar: a holiday is skipped',                 'iptsp',   'open',        '2026-03-16T09:00:00Z', null,        null,                   [4, 48],  'BD',    null,                 0,     '2026-03-18T05:00:00Z'],
  ['calendar: a reopen, resolve level over a weekend','oss-bss','open',        SUNDAY_10,              null,        '2026-03-05T10:00:00Z', [4, 16],  'BD',    null,                 0,     '2026-03-09T10:00:00Z'],
  ['calendar: forwarded to a department on it',      'rs',      'in_progress', '2026-03-05T03:00:00Z', null,        null,                   [6, 48],  'BD',    null,                 0,     '2026-03-05T09:00:00Z'],
  ['calendar: answered, resolve level in work days', 'cc',      'in_progress', SUNDAY_10,              REPLIED,     null,                   [4, 24],  'BD',    null,                 0,     '2026-03-04T04:00:00Z'],
  ['calendar: waiting for the customer, no due',     'cc',      'in_progress', SUNDAY_10,              REPLIED,     null,                   [4, 48],  'BD',    '2026-03-01T06:00:00Z', 0,   null],
  ['calendar: waited working time is added',         'cc',      'open',        SUNDAY_10,              null,        null,                   [4, 48],  'BD',    null,                 7200,  '2026-03-01T10:00:00Z'],
  ['calendar: solved',                               'cc',      'closed',      SUNDAY_10,              REPLIED,     null,                   [4, 48],  'BD',    null,                 0,     null],
];

const ROWS: Row[] = TABLE.map(
  ([name, holder, status, created, firstReply, reopened, levels, calendar, waitingSince, waited, due]) => ({
    case: name,
    holder,
    status,
    created,
    firstReply,
    reopened,
    levels,
    calendar,
    waitingSince,
    waited,
    due,
  }),
);

const date = (value: string | null) => (value ? new Date(value) : null);

for (const kind of databaseKinds()) {
  describe(`the due time of a ticket [${kind}]`, () => {
    const db = useTestDatabase(kind);
    let bd = 0;

    beforeAll(async () => {
      bd = await seededCalendarId(db());
      await db().insert(holidays).values({ calendarId: bd, day: HOLIDAY, name: 'A holiday' });
    });

    const setLevels = async (holder: IssuedTo, levels: [number, number] | null, calendar: Calendar = null) => {
      if (holder === 'agent' || !levels) return;
      const [firstReplyHours, resolveHours] = levels;
      await db()
        .update(serviceLevels)
        .set({ firstReplyHours, resolveHours, calendarId: calendar === 'BD' ? bd : null })
        .where(eq(serviceLevels.department, holder));
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
          createdAt: new Date(row.created),
          firstStaffReplyAt: date(row.firstReply),
          reopenedAt: date(row.reopened),
          waitingSince: date(row.waitingSince),
          waitedSeconds: row.waited,
        })
        .returning({ ticketId: tickets.ticketId, dueAt: tickets.dueAt });
      if (!written) throw new Error('no ticket');
      return written;
    };

    it.each(ROWS)('$case: $holder, $status, levels $levels, calendar $calendar → $due', async (row) => {
      await setLevels(row.holder, row.levels, row.calendar);
      const { dueAt } = await writeTicket(row);
      expect(dueAt?.toISOString() ?? null).toBe(row.due && new Date(row.due).toISOString());
    });

    it('moves with every write that changes what it depends on, and with its levels once recomputed', async () => {
      await setLevels('cc', [4, 48]);
      await setLevels('rs', [2, 24]);
      const [first] = ROWS;
      if (!first) throw new Error('no rows');
      const { ticketId } = await writeTicket({ ...first, case: 'moving', holder: 'cc', status: 'open' });
      const dueOf = async () => {
        const [row] = await db().select({ dueAt: tickets.dueAt }).from(tickets).where(eq(tickets.ticketId, ticketId));
        return row?.dueAt?.toISOString() ?? null;
      };
      expect(await dueOf()).toBe('2026-03-01T13:00:00.000Z');
      // Forwarded to rs: rs's first-reply level.
      await db().update(tickets).set({ issuedTo: 'rs', ticketStatus: 'in_progress' }).where(eq(tickets.ticketId, ticketId));
      expect(await dueOf()).toBe('2026-03-01T11:00:00.000Z');
      // rs's levels change: its tickets keep their due time until the recomputation runs.
      await setLevels('rs', [5, 24]);
      expect(await dueOf()).toBe('2026-03-01T11:00:00.000Z');
      await recomputeStep(db(), { key: recomputeKey('rs'), payload: {} });
      expect(await dueOf()).toBe('2026-03-01T14:00:00.000Z');
      // rs works the BD week: 5 working hours from Sunday 15:00 in Dhaka end on Monday at 12:00.
      await setLevels('rs', [5, 24], 'BD');
      await recomputeStep(db(), { key: recomputeKey('rs'), payload: {} });
      expect(await dueOf()).toBe('2026-03-02T06:00:00.000Z');
      // A staff reply: the resolve level from the creation, in working time (24 h: three working days).
      await db()
        .update(tickets)
        .set({ firstStaffReplyAt: new Date(REPLIED) })
        .where(eq(tickets.ticketId, ticketId));
      expect(await dueOf()).toBe('2026-03-04T09:00:00.000Z');
      // Solved: no due time.
      await db().update(tickets).set({ ticketStatus: 'closed' }).where(eq(tickets.ticketId, ticketId));
      expect(await dueOf()).toBeNull();
    });
  });
}
