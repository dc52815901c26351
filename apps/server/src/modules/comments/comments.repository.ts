import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { comments } from '../../db/schema.ts';
import { auditEntryOf, auditEntryParams, type AuditEntry } from '../audit/audit.repository.ts';
import { alsoEventsParams, eventsParams, notifyEventsAlsoWhen } from '../events/events.repository.ts';
import type { PublishedEvent } from '../events/publish.ts';
import { outboxInsertOf, outboxMessagesParams, type NewOutboxRow } from '../notifications/notifications.repository.ts';
import type { StatusMove } from '../tickets/ticket-workflow.ts';
import { ticketChangeOfComment, type WaitChange } from '../tickets/tickets.repository.ts';

export type CommentRow = typeof comments.$inferSelect;

export async function insertComment(db: Db, row: typeof comments.$inferInsert): Promise<CommentRow> {
  const [comment] = await db.insert(comments).values(row).returning();
  if (!comment) throw new Error('insert into comments returned no row');
  return comment;
}

/**
 * Whether the ticket has a comment written after `since` by somebody other than `authorId` that the
 * author may see (internal notes only when `seesInternal`), `since` an ISO date and time: somebody replied meanwhile (DESIGN.md
 * §27). Times are compared to the millisecond, as the writer saw them in the API's replies.
 */
export async function hasCommentByOthersSince(
  db: Db,
  check: { ticketId: number; authorId: string; since: string; seesInternal: boolean },
): Promise<boolean> {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.ticketId, check.ticketId),
        sql`date_trunc('milliseconds', ${comments.createdAt}) > ${check.since}::timestamptz`,
        sql`${comments.commenterUserId} is distinct from ${check.authorId}`,
        check.seesInternal ? undefined : eq(comments.isInternal, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A new comment with its id given (so that its trail can name it), and its ticket. */
export type NewComment = Required<Omit<typeof comments.$inferInsert, 'createdAt'>>;

/** What a comment's own statement writes beside it. */
export interface CommentTrail {
  /** The status the comment moves its ticket to, if the ticket still has `from` (a comment never closes one). */
  move: StatusMove | null;
  /** What the comment does to a wait for the customer (DESIGN.md §26), if the ticket lets it. */
  wait: WaitChange;
  /**
   * Its audit entry; the statement adds `moved_to`: the status the comment did move the ticket to, or
   * null, and when the wait changed, `wait` ('started' | 'ended') and an ended wait's `waited_seconds`.
   */
  audit: AuditEntry;
  /** Heard in any case. */
  events: PublishedEvent[];
  /** Heard when the move happened, or the wait changed. */
  movedEvents: PublishedEvent[];
  /** Messages that tell the issuer of a reply, written unless the reply throttle holds them back. */
  replyMessages: NewOutboxRow[];
}

/** What the statement did beside writing the comment. */
export interface CommentWritten {
  moved: boolean;
  /** Whether the issuer is told (the reply messages were written). */
  told: boolean;
  /** Whether the comment started or ended a wait for the customer. */
  waitChanged: boolean;
}

const NEW_COMMENT_COLUMNS = [
  'id',
  'ticketId',
  'commenterUserId',
  'commenterName',
  'commenterUserType',
  'message',
  'isInternal',
  'attachments',
  'source',
] as const satisfies readonly (keyof NewComment)[];

/**
 * A comment, the change of its ticket, its audit entry, the messages that tell the issuer and its
 * events, as one statement, each value a placeholder. Each other module's write is its own
 * module's function: the ticket's change (tickets), the audit entry (audit), the outbox's messages
 * (notifications), the NOTIFY (events).
 */
function commentWithTrailStatement(db: Db, moving: boolean, wait: WaitChange) {
  const values = Object.fromEntries(NEW_COMMENT_COLUMNS.map((key) => [key, sql.placeholder(key)])) as Record<
    keyof NewComment,
    Placeholder
  >;
  const inserted = db.$with('inserted').as(db.insert(comments).values(values).returning({ id: comments.id }));
  const changed = db.$with('changed', {}).as(ticketChangeOfComment(moving, wait));
  const movedTo = sql`jsonb_build_object('moved_to', case when changed.moved then to_jsonb(${sql.placeholder('moveTo')}::text) end)`;
  const details = wait ? sql`${movedTo} || ${waitDetails(wait)}` : movedTo;
  const audited = db.$with('audited', {}).as(auditEntryOf(sql`${sql.placeholder('auditTarget')}::text`, sql`changed`, details));
  const told = db.$with('told', {}).as(outboxInsertOf(sql`(select told from changed)`));
  return db
    .with(inserted, changed, audited, told)
    .select({
      moved: sql<boolean>`changed.moved`,
      told: sql<boolean>`changed.told`,
      waitChanged: sql<boolean>`changed.wait_changed`,
      heard: notifyEventsAlsoWhen(sql`(changed.moved or changed.wait_changed)`),
    })
    .from(sql`changed`)
    .prepare(`${moving ? 'insert_comment_moving_ticket' : 'insert_comment_with_trail'}${wait ? `_wait_${wait}` : ''}`);
}

/** The audit details of a wait the comment changed: 'started', or 'ended' with the working seconds it lasted. */
function waitDetails(wait: 'start' | 'end'): SQL {
  const what =
    wait === 'start'
      ? sql`jsonb_build_object('wait', 'started')`
      : sql`jsonb_build_object('wait', 'ended', 'waited_seconds', changed.waited_now)`;
  return sql`case when changed.wait_changed then ${what} else '{}'::jsonb end`;
}

/** The comment's statement of each shape (a move or none, a wait change or none), prepared once per database. */
const SHAPES = [false, true].flatMap((moving) =>
  ([null, 'start', 'end'] as const).map((wait) => ({
    moving,
    wait,
    statement: preparedPerDatabase((db) => commentWithTrailStatement(db, moving, wait)),
  })),
);

function commentStatementOf(db: Db, moving: boolean, wait: WaitChange) {
  const shape = SHAPES.find((candidate) => candidate.moving === moving && candidate.wait === wait);
  if (!shape) throw new Error('no comment statement of this shape');
  return shape.statement(db);
}

/**
 * Inserts a comment, changes its ticket, and writes its audit entry, the messages that tell the
 * issuer and its events, in one statement: one statement is atomic, so a comment that writes
 * nothing else needs no transaction of its own.
 */
export async function insertCommentWithTrail(db: Db, comment: NewComment, trail: CommentTrail): Promise<CommentWritten> {
  const statement = commentStatementOf(db, trail.move !== null, trail.wait);
  const [row] = await statement.execute({
    ...comment,
    moveFrom: trail.move?.from ?? null,
    moveTo: trail.move?.to ?? null,
    tellsIssuer: trail.replyMessages.length > 0,
    ...outboxMessagesParams(trail.replyMessages),
    auditTarget: trail.audit.target,
    ...auditEntryParams(trail.audit),
    ...eventsParams(trail.events),
    ...alsoEventsParams(trail.movedEvents),
  });
  return { moved: row?.moved === true, told: row?.told === true, waitChanged: row?.waitChanged === true };
}

/** The same external comment by one author on each ticket, in one statement; each comment's id with its ticket. */
export async function insertExternalComments(
  db: Db,
  ticketIds: number[],
  author: { userId: string; name: string; userType: (typeof comments.$inferInsert)['commenterUserType'] },
  message: string,
): Promise<{ id: string; ticketId: number }[]> {
  if (ticketIds.length === 0) return [];
  return db
    .insert(comments)
    .values(
      ticketIds.map((ticketId) => ({
        ticketId,
        commenterUserId: author.userId,
        commenterName: author.name,
        commenterUserType: author.userType,
        message,
        isInternal: false,
      })),
    )
    .returning({ id: comments.id, ticketId: comments.ticketId });
}

/**
 * Moves every comment of ticket `from` onto ticket `into` (a merge, DESIGN.md §27), each keeping its
 * created_at (so the two conversations interleave by time) and marked with the ticket it was written
 * on: one moved before by an earlier merge keeps its first mark. `asInternal` turns the moved
 * external comments into internal notes (the two tickets' issuers differ). Returns how many moved.
 */
export async function moveComments(db: Db, from: number, into: number, asInternal: boolean): Promise<number> {
  const moved = await db
    .update(comments)
    .set({
      ticketId: into,
      fromTicketId: sql`coalesce(${comments.fromTicketId}, ${from})`,
      ...(asInternal ? { isInternal: true } : {}),
    })
    .where(eq(comments.ticketId, from))
    .returning({ id: comments.id });
  return moved.length;
}

/** Which comments of a ticket somebody may read: internal ones only when `withInternal`. */
export interface CommentScope {
  ticketId: number;
  withInternal: boolean;
}

function scopeOf(scope: { ticketId: number | Placeholder; withInternal: boolean }): SQL | undefined {
  return and(eq(comments.ticketId, scope.ticketId), scope.withInternal ? undefined : eq(comments.isInternal, false));
}

/** The newest comments of a ticket with their number, with or without internal notes: two statements, each prepared once. */
function newestWithTotal(db: Db, withInternal: boolean) {
  return db
    .select({ comment: comments, total: sql<number>`(count(*) over ())::int` })
    .from(comments)
    .where(scopeOf({ ticketId: sql.placeholder('ticketId'), withInternal }))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(sql.placeholder('limit'))
    .prepare(withInternal ? 'newest_comments_all' : 'newest_comments_external');
}

const newestWithInternal = preparedPerDatabase((db) => newestWithTotal(db, true));
const newestExternal = preparedPerDatabase((db) => newestWithTotal(db, false));

/**
 * The newest `limit` comments in the scope, newest first, and how many there are in all, in one
 * statement: the count is a window over every comment of the scope, taken before the limit.
 */
export async function listNewestCommentsWithTotal(
  db: Db,
  scope: CommentScope,
  limit: number,
): Promise<{ rows: CommentRow[]; total: number }> {
  const statement = scope.withInternal ? newestWithInternal(db) : newestExternal(db);
  const found = await statement.execute({ ticketId: scope.ticketId, limit });
  return { rows: found.map((row) => row.comment), total: found[0]?.total ?? 0 };
}

/** Whether `commentId` is a comment in the scope (a cursor a reader may page from). */
export async function isCommentInScope(db: Db, scope: CommentScope, commentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(scopeOf(scope), eq(comments.id, commentId)));
  return row !== undefined;
}

/**
 * Up to `limit` comments in the scope, newest first, written before the comment `beforeId` (all
 * when absent). Ordered by (created_at, id) so that comments of the same instant page stably; the
 * cursor's time is read in SQL, as JavaScript dates would drop its microseconds.
 */
export async function listLatestComments(db: Db, scope: CommentScope, limit: number, beforeId?: string): Promise<CommentRow[]> {
  const cursor =
    beforeId === undefined
      ? undefined
      : and(
          sql`${comments.createdAt} <= (select created_at from comments where id = ${beforeId})`,
          sql`(${comments.createdAt}, ${comments.id}) < (select created_at, id from comments where id = ${beforeId})`,
        );
  return db
    .select()
    .from(comments)
    .where(and(scopeOf(scope), cursor))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}
