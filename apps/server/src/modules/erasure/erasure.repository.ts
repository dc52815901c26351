/**
 * SQL of a number's erasure (DESIGN.md §29): each statement rewrites the rows of one table that
 * carry the number's personal data, in the caller's transaction, and says which rows it changed.
 * Only rows of the number itself, or of the accounts whose number it is, are ever touched.
 */
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ERASED_MARKER } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import {
  comments,
  inboundMessages,
  otpCodes,
  otpFailures,
  outboxMessages,
  ratingQuestions,
  subscribers,
  tickets,
  users,
} from '../../db/schema.ts';

/** An account of the number, live or deleted earlier. */
export interface NumberAccount {
  id: string;
  userType: string;
  role: string;
  deletedAt: Date | null;
}

/** Every account whose number it is, locked for the erasure. */
export async function lockAccountsOfNumber(tx: Db, number: string): Promise<NumberAccount[]> {
  return tx
    .select({ id: users.id, userType: users.userType, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.productNumber, number))
    .for('update');
}

/**
 * The accounts lose name and number and are closed (their sessions end with the token version):
 * the number signs in afterwards as a new customer. Accounts that only gave it as their phone lose
 * the phone. Returns how many accounts changed.
 */
export async function eraseAccounts(tx: Db, number: string, accountIds: string[]): Promise<number> {
  const closed =
    accountIds.length === 0
      ? []
      : await tx
          .update(users)
          .set({
            name: ERASED_MARKER,
            productNumber: ERASED_MARKER,
            phoneNumber: null,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            deletedAt: sql`coalesce(${users.deletedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(inArray(users.id, accountIds))
          .returning({ id: users.id });
  const phones = await tx
    .update(users)
    .set({ phoneNumber: null, updatedAt: sql`now()` })
    .where(eq(users.phoneNumber, number))
    .returning({ id: users.id });
  return new Set([...closed, ...phones].map((row) => row.id)).size;
}

/** Tickets the person raised: from one of the accounts, or naming the number as their issuer. */
function issuedBy(number: string, accountIds: string[]): SQL {
  const byNumber = eq(tickets.issuerNumber, number);
  return (accountIds.length === 0 ? byNumber : or(byNumber, inArray(tickets.issuerUserId, accountIds))) as SQL;
}

/**
 * The person's tickets lose their words, e-mail and number; any ticket about the number loses it as
 * its problematic number (the marker keeps the column filled). Returns the ids of the tickets changed.
 */
export async function eraseTickets(tx: Db, number: string, accountIds: string[]): Promise<number[]> {
  const issued = issuedBy(number, accountIds);
  const rows = await tx
    .update(tickets)
    .set({
      description: sql`case when ${issued} then ${ERASED_MARKER} else ${tickets.description} end`,
      clientEmail: sql`case when ${issued} then null else ${tickets.clientEmail} end`,
      issuerNumber: sql`case when ${tickets.issuerNumber} = ${number} then null else ${tickets.issuerNumber} end`,
      problematicNumber: sql`case when ${tickets.problematicNumber} = ${number} then ${ERASED_MARKER} else ${tickets.problematicNumber} end`,
      updatedAt: sql`now()`,
    })
    .where(or(issued, eq(tickets.problematicNumber, number)))
    .returning({ ticketId: tickets.ticketId });
  return rows.map((row) => row.ticketId);
}

/**
 * What the person wrote: comments of the accounts, and the comments without an account (an e-mail
 * or SMS reply) that the issuer side wrote on the tickets they raised. Returns how many changed.
 */
export async function eraseComments(tx: Db, number: string, accountIds: string[]): Promise<number> {
  const ownTickets = tx.select({ id: tickets.ticketId }).from(tickets).where(issuedBy(number, accountIds));
  const unsigned = and(
    isNull(comments.commenterUserId),
    inArray(comments.commenterUserType, ['customer', 'agent']),
    inArray(comments.ticketId, ownTickets),
  );
  const rows = await tx
    .update(comments)
    .set({ message: ERASED_MARKER, commenterName: ERASED_MARKER })
    .where(accountIds.length === 0 ? unsigned : or(unsigned, inArray(comments.commenterUserId, accountIds)))
    .returning({ id: comments.id });
  return rows.length;
}

/**
 * The directory's row of the number loses name, number and billing id, and hears no broadcast; an
 * import of the number later writes a fresh row. The marker carries a random part: the number is
 * the table's key.
 */
export async function eraseSubscribers(tx: Db, number: string): Promise<number> {
  const rows = await tx
    .update(subscribers)
    .set({
      number: sql`${ERASED_MARKER} || ':' || gen_random_uuid()`,
      name: ERASED_MARKER,
      externalId: null,
      optedOutAt: sql`coalesce(${subscribers.optedOutAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(subscribers.number, number))
    .returning({ name: subscribers.name });
  return rows.length;
}

/** The number's sign-in codes and wrong tries: nothing of the old person waits for the new one. */
export async function forgetSignIns(tx: Db, number: string): Promise<void> {
  await tx.delete(otpCodes).where(eq(otpCodes.productNumber, number));
  await tx.delete(otpFailures).where(eq(otpFailures.productNumber, number));
}

/**
 * The desk's record of messages to and from the number: messages already sent or given up lose
 * recipient and text (a random part keeps a broadcast's one row per recipient unique), received
 * ones their sender, satisfaction questions the number they were asked at. A message still waiting
 * to go is left to go: it tells the line's owner of a ticket.
 */
export async function eraseMessages(tx: Db, number: string): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({ recipient: sql`${ERASED_MARKER} || ':' || gen_random_uuid()`, body: ERASED_MARKER, subject: null })
    .where(and(eq(outboxMessages.recipient, number), ne(outboxMessages.status, 'pending')));
  await tx.update(inboundMessages).set({ sender: ERASED_MARKER }).where(eq(inboundMessages.sender, number));
  await tx.update(ratingQuestions).set({ smsTo: null }).where(eq(ratingQuestions.smsTo, number));
}
