/** SQL of the service levels (DESIGN.md §17): four rows, one per department. */
import { asc, sql } from 'drizzle-orm';
import type { Department } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { serviceLevels } from '../../db/schema.ts';

export type ServiceLevelRow = typeof serviceLevels.$inferSelect;

export async function listServiceLevelRows(db: Db): Promise<ServiceLevelRow[]> {
  return db.select().from(serviceLevels).orderBy(asc(serviceLevels.department));
}

/**
 * Sets a department's levels, or adds its row. The trigger of service-levels.sql then moves the due time
 * of every unsolved ticket the department holds, in this statement's transaction.
 */
export async function upsertServiceLevel(
  db: Db,
  department: Department,
  hours: { firstReplyHours: number; resolveHours: number },
): Promise<ServiceLevelRow> {
  const [row] = await db
    .insert(serviceLevels)
    .values({ department, ...hours })
    .onConflictDoUpdate({ target: serviceLevels.department, set: { ...hours, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('upsert into service_levels returned no row');
  return row;
}
