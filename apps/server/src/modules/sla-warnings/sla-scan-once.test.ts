/**
 * Each warning is told exactly once (DESIGN.md §26) when two scans run at once and when a scanning
 * process is killed (kill -9) with a batch written but not committed: its batch rolls back and the
 * next scan tells it, once.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { createEmptyDatabase, databaseKinds, useTestDatabase } from '../../../test/test-databases.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { inboxItems, tickets } from '../../db/schema.ts';
import { scanSlaWarnings } from './sla-scan.ts';
import { ticketAt } from './sla-warnings.test-support.ts';

const BREACHED = { warnedAgo: 120, dueAgo: 30 };
const CHILD = fileURLToPath(new URL('./sla-scan-child.test-support.ts', import.meta.url));

/** `count` breached tickets of iptsp, each assigned to its own person: one item each when told once. */
async function breachedTickets(db: Db, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const assignee = await buildUser(db, { userType: 'iptsp' });
    ids.push((await ticketAt(db, 'iptsp', BREACHED, assignee.id)).ticketId);
  }
  return ids;
}

async function itemsPerTicket(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ ticketId: inboxItems.ticketId, n: sql<number>`count(*)::int` })
    .from(inboxItems)
    .where(inArray(inboxItems.ticketId, ids))
    .groupBy(inboxItems.ticketId);
  const counts = new Map(rows.map((row) => [row.ticketId, Number(row.n)]));
  return ids.map((id) => counts.get(id) ?? 0);
}

for (const kind of databaseKinds()) {
  describe(`warnings told once [${kind}]`, () => {
    const db = useTestDatabase(kind);

    it('tells each warning once when two scans run at once', async () => {
      const ids = await breachedTickets(db(), 40);
      const outcomes = await Promise.all([1, 2, 3].map(() => scanSlaWarnings({ db: db(), escalateHours: 4, batchSize: 7 })));
      expect(outcomes.reduce((sum, outcome) => sum + outcome.moved, 0)).toBe(40);
      expect(await itemsPerTicket(db(), ids)).toEqual(ids.map(() => 1));
    });
  });
}

describe.runIf(databaseKinds().includes('postgres'))('warnings of a scanning process killed mid-scan [postgres]', () => {
  it('rolls back the killed batch and tells it once on the next scan', async () => {
    const empty = await createEmptyDatabase();
    let database: Database | undefined;
    try {
      database = await openDatabase({ url: empty.url });
      const { db } = database;
      const ids = await breachedTickets(db, 12);
      const url = new URL(empty.url);
      url.searchParams.set('application_name', 'sla-scan-child');
      const child = spawn(process.execPath, [CHILD, url.toString()], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('written')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`the scanning process ended (${code}) before writing`)));
      });
      child.kill('SIGKILL');
      // PostgreSQL rolls the transaction back once it sees the killed process's connection close.
      for (let waited = 0; waited < 100; waited += 1) {
        const [open] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`pg_stat_activity`)
          .where(sql`application_name = 'sla-scan-child'`);
        if (Number(open?.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await itemsPerTicket(db, ids)).toEqual(ids.map(() => 0));
      const stages = await db.select({ stage: tickets.slaStage }).from(tickets).where(inArray(tickets.ticketId, ids));
      expect(stages.map((row) => row.stage)).toEqual(ids.map(() => 0));

      expect((await scanSlaWarnings({ db, escalateHours: 4, batchSize: 5 })).moved).toBe(12);
      expect((await scanSlaWarnings({ db, escalateHours: 4 })).moved).toBe(0);
      expect(await itemsPerTicket(db, ids)).toEqual(ids.map(() => 1));
    } finally {
      await database?.close();
      await empty.drop();
    }
  }, 60_000);
});
