/** The status by number (DESIGN.md §23): a subscriber's area, and the record of each check. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statusChecks, subscribers } from '../../db/schema.ts';

/** The area and status of the subscriber with that number (primary key), if any. */
export async function findSubscriberArea(db: Db, number: string): Promise<{ areaCode: string; status: string } | undefined> {
  const [found] = await db
    .select({ areaCode: subscribers.areaCode, status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.number, number))
    .limit(1);
  return found;
}

/** One check as the public saw it: what reports avoided are counted from. */
export async function insertStatusCheck(
  db: Db,
  check: { number: string; outageShown: boolean; incidentId: number | null },
): Promise<void> {
  await db.insert(statusChecks).values(check);
}
