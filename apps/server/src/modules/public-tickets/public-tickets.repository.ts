/** The SQL of the public form's receipts: how many tickets named one address lately, under a lock. */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';

/**
 * Holds, until the transaction ends, the lock of one e-mail address (case ignored): two forms
 * naming it at the same moment count one after the other, so both cannot take the last receipt.
 */
export async function lockReceiptAddress(tx: Db, clientEmail: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receipt:${clientEmail.toLowerCase()}`}))`);
}

/**
 * Public-form tickets that named `clientEmail` (case ignored) since `since`. The issuer index
 * serves it: the range is the public tickets of the hour, which the hourly ceiling bounds.
 */
export async function countPublicTicketsOfAddressSince(db: Db, clientEmail: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(
        isNull(tickets.issuerUserId),
        gte(tickets.createdAt, since),
        eq(sql`lower(${tickets.clientEmail})`, clientEmail.toLowerCase()),
      ),
    );
  return row?.n ?? 0;
}
