/**
 * SQL of staff's notification bell (DESIGN.md §26): the items the desk tells a person, their page,
 * their unread count and marking them read. `tellInbox` is how the warnings' scan and low ratings
 * write items, in the writer's own transaction.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { INBOX_KEPT_PER_USER, type Department, type InboxKind, type Role, type UserType } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { inboxItems, tickets, users } from '../../db/schema.ts';
import { publishEvents, type InboxAddedEvent } from '../events/publish.ts';

/** What to tell these people of one ticket. */
export interface InboxNotice {
  userIds: string[];
  kind: InboxKind;
  ticketId: number;
  department: Department | null;
  score?: number;
}

/**
 * A NOTIFY payload holds at most 8000 bytes: an event names at most this many people (a uuid is 36
 * characters), so a department of hundreds is told in a few events.
 */
const PEOPLE_PER_EVENT = 100;

/**
 * Writes the items, keeps each person's newest INBOX_KEPT_PER_USER, and publishes `inbox.added` to
 * each person told with their unread count. In the caller's transaction: the items and the events
 * arrive with the change that caused them, or not at all.
 */
export async function tellInbox(tx: Db, notices: InboxNotice[]): Promise<void> {
  const rows = notices.flatMap((notice) =>
    [...new Set(notice.userIds)].map((userId) => ({
      userId,
      kind: notice.kind,
      ticketId: notice.ticketId,
      department: notice.department,
      score: notice.score ?? null,
    })),
  );
  if (rows.length === 0) return;
  await insertItems(tx, rows);
  const people = [...new Set(rows.map((row) => row.userId))];
  await forgetOldest(tx, people);
  await publishEvents(tx, addedEvents(await unreadCounts(tx, people)));
}

type NewItem = Pick<typeof inboxItems.$inferInsert, 'userId' | 'kind' | 'ticketId' | 'department' | 'score'>;

/**
 * One statement however many items, each column one array parameter: a breach of 200 unassigned
 * tickets tells each of a department's hundreds of staff of each (tens of thousands of rows), more
 * than a statement's 65,535 parameters, and more than drizzle can spread into a row-per-value insert.
 */
async function insertItems(tx: Db, rows: NewItem[]): Promise<void> {
  const column = <T>(pick: (row: NewItem) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`insert into ${inboxItems} (user_id, kind, ticket_id, department, score)
    select * from unnest(${column((row) => row.userId)}::uuid[], ${column((row) => row.kind)}::text[],
      ${column((row) => row.ticketId)}::bigint[], ${column((row) => row.department ?? null)}::text[],
      ${column((row) => row.score ?? null)}::smallint[])`);
}

/** One event per unread count, of at most PEOPLE_PER_EVENT people each. */
function addedEvents(counts: Map<string, number>): InboxAddedEvent[] {
  const byCount = new Map<number, string[]>();
  for (const [userId, unread] of counts) byCount.set(unread, [...(byCount.get(unread) ?? []), userId]);
  const events: InboxAddedEvent[] = [];
  for (const [unread, userIds] of byCount)
    for (let start = 0; start < userIds.length; start += PEOPLE_PER_EVENT)
      events.push({ event: 'inbox.added', user_ids: userIds.slice(start, start + PEOPLE_PER_EVENT), unread });
  return events;
}

/** Removes each person's items beyond the newest INBOX_KEPT_PER_USER. */
async function forgetOldest(tx: Db, userIds: string[]): Promise<void> {
  await tx.execute(sql`delete from ${inboxItems} where id in (
    select id from (
      select id, row_number() over (partition by user_id order by id desc) as newer
      from ${inboxItems} where user_id in ${userIds}
    ) ranked where newer > ${INBOX_KEPT_PER_USER})`);
}

/** Each person's unread items (a person with none is left out). */
export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: inboxItems.userId, unread: sql<number>`count(*)::int` })
    .from(inboxItems)
    .where(and(inArray(inboxItems.userId, userIds), isNull(inboxItems.readAt)))
    .groupBy(inboxItems.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.unread)]));
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}

/** A page of the person's items, newest first, older than `before` when given; one more than `limit` tells of more. */
export async function listInboxPage(db: Db, userId: string, before: number | undefined, limit: number) {
  return db
    .select({
      id: inboxItems.id,
      kind: inboxItems.kind,
      ticketId: inboxItems.ticketId,
      ticketTitle: tickets.title,
      department: inboxItems.department,
      score: inboxItems.score,
      createdAt: inboxItems.createdAt,
      readAt: inboxItems.readAt,
    })
    .from(inboxItems)
    .innerJoin(tickets, eq(tickets.ticketId, inboxItems.ticketId))
    .where(and(eq(inboxItems.userId, userId), before === undefined ? undefined : lt(inboxItems.id, before)))
    .orderBy(desc(inboxItems.id))
    .limit(limit + 1);
}

export type InboxItemRow = Awaited<ReturnType<typeof listInboxPage>>[number];

/** Marks the person's unread items read: these ids (others' ids match nothing), or all. */
export async function markInboxRead(db: Db, userId: string, ids: number[] | 'all'): Promise<void> {
  await db
    .update(inboxItems)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt), ids === 'all' ? undefined : inArray(inboxItems.id, ids)),
    );
}

export interface StaffMember {
  id: string;
  userType: UserType;
  role: Role;
}

const STAFF_USER_TYPES: UserType[] = ['cc', 'rs', 'iptsp', 'oss_bss'];

/** The live staff people (not API clients) of these user types, and with `admins` every live admin among staff. */
export async function findStaffToTell(db: Db, userTypes: UserType[], admins: boolean): Promise<StaffMember[]> {
  if (userTypes.length === 0 && !admins) return [];
  return db
    .select({ id: users.id, userType: users.userType, role: users.role })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.kind, 'person'),
        inArray(users.userType, STAFF_USER_TYPES),
        or(userTypes.length > 0 ? inArray(users.userType, userTypes) : undefined, admins ? eq(users.role, 'admin') : undefined),
      ),
    );
}
