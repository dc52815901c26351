/**
 * Migration 0009 fills forward_chain_members from the forwards made before it, so that a desk
 * upgraded with its history lists every department's forwarded tickets exactly as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENTS, type Department } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { upgradedDatabase } from '../../../test/migration-support.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { listForwardChainPage } from './forwarding.repository.ts';
import { chainByDefinition, storedChainOf, type ChainEntry } from './forwarding.test-support.ts';

const BEFORE = '0008_desk_tools';

/** Tickets 1–6 and their forwards, written as the previous version wrote them. */
const HISTORY = [
  sql`insert into tickets (ticket_id, title, description, problematic_number, issued_to, issuer_user_type, group_name)
    overriding system value
    select n, 'Ticket ' || n, 'Down', '8801700000000', 'cc', 'customer', 'Internet' from generate_series(1, 6) n`,
  sql`insert into forward_events (ticket_id, previously_issued_to, newly_issued_to, forward_cause, is_in_forward_loop, forwarded_by_name, created_at)
  values
    -- Round the departments and back: cc stayed in the loop, iptsp did not.
    (1, 'cc', 'iptsp', 'Line test', true, 'Staff', '2026-03-01 09:00:00.000001+00'),
    (1, 'iptsp', 'rs', 'Plan change', false, 'Staff', '2026-03-01 10:00:00.000002+00'),
    (1, 'rs', 'cc', 'Done', false, 'Staff', '2026-03-02 08:00:00.000003+00'),
    -- Two tickets last forwarded at the same instant: the larger ticket id lists first.
    (2, 'cc', 'rs', 'Plan change', false, 'Staff', '2026-03-01 12:00:00+00'),
    (3, 'cc', 'rs', 'Plan change', false, 'Staff', '2026-03-01 12:00:00+00'),
    -- From an agent staying in the loop: an agent has no chain.
    (4, 'agent', 'oss-bss', 'Billing', true, 'Staff', '2026-02-01 12:00:00+00'),
    -- Stayed in the loop at first, not later: still in oss-bss's chain.
    (5, 'oss-bss', 'iptsp', 'Field visit', true, 'Staff', '2026-01-05 12:00:00+00'),
    (5, 'iptsp', 'oss-bss', 'Back', false, 'Staff', '2026-01-06 12:00:00+00'),
    (5, 'oss-bss', 'cc', 'Solved', false, 'Staff', '2026-01-07 12:00:00+00')`,
];

for (const kind of databaseKinds()) {
  describe(`migration 0009, forward_chain_members [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof upgradedDatabase>> | undefined;
    const db = (): Db => {
      if (!database) throw new Error('no database');
      return database.db;
    };
    const before: Partial<Record<Department, ChainEntry[]>> = {};

    beforeAll(async () => {
      database = await upgradedDatabase(kind, BEFORE, HISTORY, async (earlier) => {
        for (const department of DEPARTMENTS) before[department] = await chainByDefinition(earlier, department);
      });
    }, 60_000);
    afterAll(async () => {
      await database?.close();
    });

    it('fills the chain of every department as its definition gave it before the migration', async () => {
      expect(before).toMatchObject({
        cc: [{ ticketId: 1 }, { ticketId: 5 }],
        rs: [{ ticketId: 1 }, { ticketId: 3 }, { ticketId: 2 }],
        iptsp: [{ ticketId: 1 }, { ticketId: 5 }],
        'oss-bss': [{ ticketId: 4 }, { ticketId: 5 }],
      });
      for (const department of DEPARTMENTS) expect(await storedChainOf(db(), department), department).toEqual(before[department]);
    });

    it('lists the same tickets, in the same order and number, through the list query', async () => {
      for (const department of DEPARTMENTS) {
        const { rows, total } = await listForwardChainPage(db(), department, 0, 10);
        const expected = before[department] ?? [];
        expect(
          rows.map((row) => row.ticketId),
          department,
        ).toEqual(expected.map((entry) => entry.ticketId));
        expect(total, department).toBe(expected.length);
      }
    });
  });
}
