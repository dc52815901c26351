/**
 * SQL of the background recomputation of due times (DESIGN.md §26): a department's unsolved tickets
 * by ticket id, one batch a statement, each row through the same ticket_clock as the trigger.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Department } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { serviceLevels, tickets } from '../../db/schema.ts';

/** The rows of a raw statement's result: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as Row[];
  throw new Error('a statement answered without rows');
}

/** How many unsolved tickets the department holds (a recomputation's total). */
export async function countUnsolvedTickets(db: Db, department: Department): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tickets)
    .where(and(eq(tickets.issuedTo, department), ne(tickets.ticketStatus, 'closed')));
  return row?.total ?? 0;
}

/**
 * Recomputes the due and warning times of the next `limit` unsolved tickets the department holds
 * after ticket `cursor`: the ids it wrote, highest last. The columns are written directly, so the
 * trigger (which fires on the clock's inputs) does not run again for them.
 */
export async function recomputeTicketBatch(db: Db, department: Department, cursor: number, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    with "batch" as (
      select "ticket_id" from "tickets"
      where "issued_to" = ${department} and "ticket_status" <> 'closed' and "ticket_id" > ${cursor}
      order by "ticket_id" limit ${limit}
    )
    update "tickets" "t" set ("due_at", "warn_at") = (
      select "c"."due_at", "c"."warn_at" from ticket_clock("t"."issued_to", "t"."ticket_status", "t"."created_at",
        "t"."first_staff_reply_at", "t"."reopened_at", "t"."waiting_since", "t"."waited_seconds") "c"
    )
    from "batch" where "t"."ticket_id" = "batch"."ticket_id"
    returning "t"."ticket_id"`);
  return rowsOf<{ ticket_id: number | string }>(result)
    .map((row) => Number(row.ticket_id))
    .sort((a, b) => a - b);
}

/**
 * Writes SLA_WARN_PERCENT into every level whose share differs: the departments it changed (their
 * warning times must be recomputed).
 */
export async function syncWarnPercent(db: Db, warnPercent: number): Promise<Department[]> {
  const rows = await db
    .update(serviceLevels)
    .set({ warnPercent, updatedAt: sql`now()` })
    .where(ne(serviceLevels.warnPercent, warnPercent))
    .returning({ department: serviceLevels.department });
  return rows.map((row) => row.department);
}
