/** SQL of the service levels (DESIGN.md §17): four rows, one per department. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Department } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { serviceLevels } from '../../db/schema.ts';

export type ServiceLevelRow = typeof serviceLevels.$inferSelect;

export async function listServiceLevelRows(db: Db): Promise<ServiceLevelRow[]> {
  return db.select().from(serviceLevels).orderBy(asc(serviceLevels.department));
}

/** The department's levels, locked until the end of the transaction. */
export async function lockServiceLevel(db: Db, department: Department): Promise<ServiceLevelRow | null> {
  const [row] = await db.select().from(serviceLevels).where(eq(serviceLevels.department, department)).for('update');
  return row ?? null;
}

/**
 * Sets a department's levels (and its calendar, when given), or adds its row. The due times of its
 * tickets follow in the background (sla-recompute.ts), not in this statement.
 */
export async function upsertServiceLevel(
  db: Db,
  department: Department,
  hours: { firstReplyHours: number; resolveHours: number; calendarId?: number | null },
): Promise<ServiceLevelRow> {
  const [row] = await db
    .insert(serviceLevels)
    .values({ department, ...hours })
    .onConflictDoUpdate({ target: serviceLevels.department, set: { ...hours, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('upsert into service_levels returned no row');
  return row;
}
