import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { UserType } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { tickets, users } from '../../db/schema.ts';

/** Puts a staff member on the ticket, or nobody (null). */
export async function updateTicketAssignee(db: Db, ticketId: number, assigneeUserId: string | null): Promise<void> {
  await db
    .update(tickets)
    .set({ assigneeUserId, updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}

/** `text` as a LIKE pattern that finds it anywhere in a name: `%`, `_` and `\\` typed by a person match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Live users of the given staff types whose name contains `q`, by name, from `offset`, at most
 * `limit`. Staff are a few hundred among the customers: users_user_type finds them, and the name
 * match and the order run over those rows only.
 */
export function listLiveStaff(
  db: Db,
  filter: { userTypes: readonly UserType[]; q?: string | undefined },
  offset: number,
  limit: number,
) {
  return db
    .select({ id: users.id, name: users.name, userType: users.userType })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        // An API client's account acts as staff but is no person to pick (DESIGN.md §21).
        eq(users.kind, 'person'),
        inArray(users.userType, [...filter.userTypes]),
        filter.q ? ilike(users.name, containing(filter.q)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .offset(offset)
    .limit(limit);
}
