/**
 * Migration 0011 gives the tickets of a desk upgraded with its history their first staff reply (from
 * the comments), their last reopen (from the status events) and their due time.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { upgradedDatabase } from '../../../test/migration-support.ts';

const BEFORE = '0010_audit_append_only';
const ISSUER = '00000000-0000-4000-8000-000000000001';

/** Tickets 1–5 with their comments and status events, written as the previous version wrote them. */
const HISTORY = [
  sql`insert into users (id, name, product_number, user_type) values (${ISSUER}, 'Issuer', '8809600000001', 'rs')`,
  sql`insert into tickets (ticket_id, title, description, problematic_number, issued_to, issuer_user_id, issuer_user_type, ticket_status, group_name, created_at)
    overriding system value values
    (1, 'Answered', 'Down', '8801700000000', 'cc', null, 'customer', 'in_progress', 'Internet', '2026-03-01 09:00:00+00'),
    (2, 'Only notes', 'Down', '8801700000000', 'rs', null, 'customer', 'open', 'Internet', '2026-03-01 09:00:00+00'),
    (3, 'Own words', 'Down', '8801700000000', 'cc', ${ISSUER}, 'customer', 'open', 'Internet', '2026-03-01 09:00:00+00'),
    (4, 'Reopened', 'Down', '8801700000000', 'cc', null, 'customer', 'open', 'Internet', '2026-03-01 09:00:00+00'),
    (5, 'Solved', 'Down', '8801700000000', 'cc', null, 'customer', 'closed', 'Internet', '2026-03-01 09:00:00+00')`,
  sql`insert into comments (ticket_id, commenter_user_id, commenter_name, commenter_user_type, message, is_internal, created_at) values
    (1, null, 'Customer', 'customer', 'Any news?', false, '2026-03-01 09:30:00+00'),
    (1, null, 'Staff', 'iptsp', 'On it', false, '2026-03-01 11:00:00+00'),
    (1, null, 'Staff', 'cc', 'Later', false, '2026-03-01 12:00:00+00'),
    (2, null, 'Staff', 'rs', 'A note', true, '2026-03-01 10:00:00+00'),
    (3, ${ISSUER}, 'Issuer', 'rs', 'More details', false, '2026-03-01 10:00:00+00'),
    (5, null, 'Staff', 'cc', 'Fixed', false, '2026-03-01 10:00:00+00')`,
  sql`insert into ticket_status_events (ticket_id, from_status, to_status, by_name, created_at) values
    (4, 'in_progress', 'closed', 'Staff', '2026-03-02 09:00:00+00'),
    (4, 'closed', 'open', 'Customer', '2026-03-03 09:00:00+00'),
    (4, 'in_progress', 'closed', 'Staff', '2026-03-04 09:00:00+00'),
    (4, 'closed', 'open', 'Customer', '2026-03-05 09:00:00+00')`,
];

for (const kind of databaseKinds()) {
  describe(`migration 0011, service levels [${kind}]`, () => {
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

    it('takes the first staff reply from the comments, the last reopen from the status events, and sets due times', async () => {
      const rows = await db()
        .select({
          id: tickets.ticketId,
          firstStaffReplyAt: tickets.firstStaffReplyAt,
          reopenedAt: tickets.reopenedAt,
          dueAt: tickets.dueAt,
        })
        .from(tickets)
        .orderBy(asc(tickets.ticketId));
      const at = (text: string) => new Date(text);
      expect(rows).toEqual([
        // Staff replied: 48 hours from creation.
        { id: 1, firstStaffReplyAt: at('2026-03-01T11:00:00Z'), reopenedAt: null, dueAt: at('2026-03-03T09:00:00Z') },
        // An internal note is no reply: 4 hours from creation.
        { id: 2, firstStaffReplyAt: null, reopenedAt: null, dueAt: at('2026-03-01T13:00:00Z') },
        // The issuer's own words, though staff: no reply.
        { id: 3, firstStaffReplyAt: null, reopenedAt: null, dueAt: at('2026-03-01T13:00:00Z') },
        // Reopened twice: 48 hours from the last reopen.
        { id: 4, firstStaffReplyAt: null, reopenedAt: at('2026-03-05T09:00:00Z'), dueAt: at('2026-03-07T09:00:00Z') },
        // Solved: no due time, though its reply is on record.
        { id: 5, firstStaffReplyAt: at('2026-03-01T10:00:00Z'), reopenedAt: null, dueAt: null },
      ]);
    });
  });
}
