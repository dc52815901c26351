/**
 * The SQL of a number's history (DESIGN.md §12). Every statement starts from the number's tickets
 * on tickets_problematic_number and reads at most HISTORY_TICKET_CAP of them, newest first; the
 * comments, forwards and resolves/reopens of the followed tickets are read per ticket on
 * comments_ticket_created, forward_events_ticket and ticket_status_events_ticket, at most
 * EVENTS_PER_TICKET each. So a number with hundreds of tickets, each
 * with thousands of comments, costs a bounded number of index reads.
 */
import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserType } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase, preparedPerShape } from '../../db/prepared.ts';
import { comments, forwardEvents, tickets, ticketStatusEvents, users } from '../../db/schema.ts';
import { TICKET_LIST_COLUMNS, type TicketListRow } from './ticket-list.repository.ts';
import { userNameOf } from './tickets.repository.ts';

/** The newest tickets of a number that are counted and followed; a line has far fewer in practice. */
export const HISTORY_TICKET_CAP = 1000;

/** Comments, forwards and status changes read per followed ticket: no more can reach a timeline of 50 events. */
export const EVENTS_PER_TICKET = 50;

/** Which tickets of a number somebody may see: all, or only those `issuerUserId` issued. */
export interface NumberScope {
  number: string;
  issuerUserId?: string;
}

/**
 * The statements are prepared (DESIGN.md §10): the number, the issuer, the limit, the followed
 * tickets and the window's start are placeholders, so each statement has one text per shape.
 */
function whereOf(ofIssuer: boolean): SQL | undefined {
  return and(
    eq(tickets.problematicNumber, sql.placeholder('number')),
    ofIssuer ? eq(tickets.issuerUserId, sql.placeholder('issuerUserId')) : undefined,
  );
}

/** The placeholders' values of a scope (an issuer only where the statement has one). */
function scopeValues(scope: NumberScope) {
  return scope.issuerUserId === undefined ? { number: scope.number } : { number: scope.number, issuerUserId: scope.issuerUserId };
}

/**
 * The current name of a listed row's issuer, looked up per row on the users' primary key: a join
 * would let the planner read the whole users table for ten rows.
 */
function issuerNameOf(issuerUserId: AnyPgColumn) {
  return sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${issuerUserId})`;
}

/** The number's newest tickets (at most the cap), in index order. */
function cappedTickets(db: Db, ofIssuer: boolean) {
  return db
    .select({
      ticketId: tickets.ticketId,
      ticketStatus: tickets.ticketStatus,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      issuerUserId: tickets.issuerUserId,
    })
    .from(tickets)
    .where(whereOf(ofIssuer))
    .orderBy(desc(tickets.createdAt))
    .limit(HISTORY_TICKET_CAP)
    .as('capped');
}

/** The number's newest tickets as rows of the ticket table, with the issuer's current name. */
function newestTicketsStatement(db: Db, ofIssuer: boolean) {
  const newest = db
    .select({ ...TICKET_LIST_COLUMNS, issuerUserId: tickets.issuerUserId })
    .from(tickets)
    .where(whereOf(ofIssuer))
    .orderBy(desc(tickets.createdAt), desc(tickets.ticketId))
    .limit(sql.placeholder('limit'))
    .as('newest');
  return db
    .select({
      ticketId: newest.ticketId,
      title: newest.title,
      problematicNumber: newest.problematicNumber,
      issuedTo: newest.issuedTo,
      issuerNumber: newest.issuerNumber,
      issuerUserType: newest.issuerUserType,
      clientEmail: newest.clientEmail,
      createdAt: newest.createdAt,
      ticketStatus: newest.ticketStatus,
      assigneeUserId: newest.assigneeUserId,
      dueAt: newest.dueAt,
      overdue: newest.overdue,
      dueSoon: newest.dueSoon,
      waiting: newest.waiting,
      priority: newest.priority,
      assigneeName: userNameOf(newest.assigneeUserId),
      issuerName: issuerNameOf(newest.issuerUserId),
    })
    .from(newest)
    .orderBy(desc(newest.createdAt), desc(newest.ticketId));
}

const newestTickets = preparedPerDatabase((db) => newestTicketsStatement(db, false).prepare('number_newest_tickets'));
const newestTicketsOfIssuer = preparedPerDatabase((db) =>
  newestTicketsStatement(db, true).prepare('number_newest_tickets_of_issuer'),
);

export async function listNumberTickets(db: Db, scope: NumberScope, limit: number): Promise<TicketListRow[]> {
  const statement = scope.issuerUserId === undefined ? newestTickets(db) : newestTicketsOfIssuer(db);
  return statement.execute({ ...scopeValues(scope), limit });
}

/**
 * How many of the number's tickets there are (up to the cap), how many of them are not closed, and
 * the `limit` of them that changed last, in one pass over the number's index entries. updated_at
 * moves with every comment, forward and resolve, so the newest events of the number all belong to
 * these tickets.
 */
function countedTicketsStatement(db: Db, ofIssuer: boolean) {
  const capped = cappedTickets(db, ofIssuer);
  const recent = db
    .select({
      ticketId: capped.ticketId,
      createdAt: capped.createdAt,
      updatedAt: capped.updatedAt,
      ticketStatus: capped.ticketStatus,
      issuerUserId: capped.issuerUserId,
      // Window counts are taken over every capped ticket, before the limit.
      openCount: sql<number>`(count(*) filter (where ${capped.ticketStatus} <> 'closed') over ())::int`.as('open_count'),
      totalCount: sql<number>`(count(*) over ())::int`.as('total_count'),
    })
    .from(capped)
    .orderBy(desc(capped.updatedAt), desc(capped.ticketId))
    .limit(sql.placeholder('limit'))
    .as('recent');
  return db
    .select({
      ticketId: recent.ticketId,
      createdAt: recent.createdAt,
      updatedAt: recent.updatedAt,
      ticketStatus: recent.ticketStatus,
      issuerName: issuerNameOf(recent.issuerUserId),
      openCount: recent.openCount,
      totalCount: recent.totalCount,
    })
    .from(recent)
    .orderBy(desc(recent.updatedAt), desc(recent.ticketId));
}

const countedTickets = preparedPerDatabase((db) => countedTicketsStatement(db, false).prepare('number_counted_tickets'));
const countedTicketsOfIssuer = preparedPerDatabase((db) =>
  countedTicketsStatement(db, true).prepare('number_counted_tickets_of_issuer'),
);

export async function readNumberTickets(db: Db, scope: NumberScope, limit: number) {
  const statement = scope.issuerUserId === undefined ? countedTickets(db) : countedTicketsOfIssuer(db);
  const rows = await statement.execute({ ...scopeValues(scope), limit });
  const first = rows[0];
  return {
    open: first?.openCount ?? 0,
    total: first?.totalCount ?? 0,
    recent: rows.map(({ openCount: _open, totalCount: _total, ...ticket }) => ticket),
  };
}
export type RecentlyChangedTicket = Awaited<ReturnType<typeof readNumberTickets>>['recent'][number];

/** Which events of some tickets to read: those at or after `since` (all when null). */
export interface EventWindow {
  ticketIds: number[];
  since: Date | null;
}

/** What decides the text of the events' statement; the ids and the instant are placeholders. */
interface EventShape {
  fromSince: boolean;
  withInternal: boolean;
  withForwards: boolean;
}

/** The followed tickets of a window, the outer side of each lateral read of their events. */
function followedTickets(db: Db) {
  return db
    .select({ ticketId: tickets.ticketId })
    .from(tickets)
    .where(sql`${tickets.ticketId} = any(${sql.placeholder('ticketIds')}::bigint[])`)
    .as('followed');
}

/** Events of the window only: at or after its start, when it has one. */
const fromSince = (shape: EventShape, createdAt: AnyPgColumn) =>
  shape.fromSince ? gte(createdAt, sql.placeholder('since')) : undefined;

/** A column a kind of event does not have, typed as the other kinds have it. */
const none = <T>() => sql<T | null>`null`;

/** Per followed ticket, its newest comments in the window (internal ones only when `withInternal`). */
function commentEvents(db: Db, shape: EventShape) {
  const followed = followedTickets(db);
  const newest = db
    .select({
      createdAt: comments.createdAt,
      commenterName: comments.commenterName,
      commenterUserType: comments.commenterUserType,
      isInternal: comments.isInternal,
    })
    .from(comments)
    .where(
      and(
        eq(comments.ticketId, followed.ticketId),
        fromSince(shape, comments.createdAt),
        shape.withInternal ? undefined : eq(comments.isInternal, false),
      ),
    )
    .orderBy(desc(comments.createdAt))
    .limit(EVENTS_PER_TICKET)
    .as('newest');
  return db
    .select({
      kind: sql<NumberEventKind>`'comment'`,
      ticketId: followed.ticketId,
      createdAt: sql<Date>`${newest.createdAt}`.mapWith(comments.createdAt),
      byName: sql<string | null>`${newest.commenterName}`,
      byUserType: sql<UserType | null>`${newest.commenterUserType}`,
      isInternal: sql<boolean | null>`${newest.isInternal}`,
      from: none<string>(),
      to: none<string>(),
      cause: none<string>(),
    })
    .from(followed)
    .innerJoinLateral(newest, sql`true`);
}

/** Per followed ticket, its newest forwards in the window. */
function forwardEventsOf(db: Db, shape: EventShape) {
  const followed = followedTickets(db);
  const newest = db
    .select({
      createdAt: forwardEvents.createdAt,
      previouslyIssuedTo: forwardEvents.previouslyIssuedTo,
      newlyIssuedTo: forwardEvents.newlyIssuedTo,
      forwardCause: forwardEvents.forwardCause,
      forwardedByName: forwardEvents.forwardedByName,
    })
    .from(forwardEvents)
    .where(and(eq(forwardEvents.ticketId, followed.ticketId), fromSince(shape, forwardEvents.createdAt)))
    .orderBy(desc(forwardEvents.createdAt))
    .limit(EVENTS_PER_TICKET)
    .as('newest');
  return db
    .select({
      kind: sql<NumberEventKind>`'forward'`,
      ticketId: followed.ticketId,
      createdAt: sql<Date>`${newest.createdAt}`.mapWith(forwardEvents.createdAt),
      byName: sql<string | null>`${newest.forwardedByName}`,
      byUserType: none<UserType>(),
      isInternal: none<boolean>(),
      from: sql<string | null>`${newest.previouslyIssuedTo}`,
      to: sql<string | null>`${newest.newlyIssuedTo}`,
      cause: sql<string | null>`${newest.forwardCause}`,
    })
    .from(followed)
    .innerJoinLateral(newest, sql`true`);
}

/**
 * Per followed ticket, its newest resolves and reopens in the window, with the current user type of
 * who made them (looked up per row on the users' primary key), so that staff names can be hidden.
 */
function statusChangeEvents(db: Db, shape: EventShape) {
  const followed = followedTickets(db);
  const newest = db
    .select({
      createdAt: ticketStatusEvents.createdAt,
      fromStatus: ticketStatusEvents.fromStatus,
      toStatus: ticketStatusEvents.toStatus,
      byUserId: ticketStatusEvents.byUserId,
      byName: ticketStatusEvents.byName,
    })
    .from(ticketStatusEvents)
    .where(and(eq(ticketStatusEvents.ticketId, followed.ticketId), fromSince(shape, ticketStatusEvents.createdAt)))
    .orderBy(desc(ticketStatusEvents.createdAt))
    .limit(EVENTS_PER_TICKET)
    .as('newest');
  return db
    .select({
      kind: sql<NumberEventKind>`'status'`,
      ticketId: followed.ticketId,
      createdAt: sql<Date>`${newest.createdAt}`.mapWith(ticketStatusEvents.createdAt),
      byName: sql<string | null>`${newest.byName}`,
      byUserType: sql<UserType | null>`(select ${users.userType} from ${users} where ${users.id} = ${newest.byUserId})`,
      isInternal: none<boolean>(),
      from: sql<string | null>`${newest.fromStatus}`,
      to: sql<string | null>`${newest.toStatus}`,
      cause: none<string>(),
    })
    .from(followed)
    .innerJoinLateral(newest, sql`true`);
}

export type NumberEventKind = 'comment' | 'forward' | 'status';

/** One event of the timeline; the columns its kind does not have are null. */
export type NumberEventRow = Awaited<ReturnType<typeof statusChangeEvents>>[number];

function eventsStatement(db: Db, shape: EventShape) {
  const commentsAndStatuses = commentEvents(db, shape).unionAll(statusChangeEvents(db, shape));
  return shape.withForwards ? commentsAndStatuses.unionAll(forwardEventsOf(db, shape)) : commentsAndStatuses;
}

const eventsByShape = preparedPerShape<ReturnType<ReturnType<typeof eventsStatement>['prepare']>>('number_events');

/**
 * The comments, resolves and reopens, and (with `withForwards`) forwards of the followed tickets in
 * the window, in one statement: each kind read per ticket on its own index, at most
 * EVENTS_PER_TICKET of each.
 */
export async function listNumberEvents(
  db: Db,
  window: EventWindow & { withInternal: boolean; withForwards: boolean },
): Promise<NumberEventRow[]> {
  if (window.ticketIds.length === 0) return [];
  const shape = { fromSince: window.since !== null, withInternal: window.withInternal, withForwards: window.withForwards };
  const key = `${shape.fromSince ? 'since' : 'all'} ${shape.withInternal ? 'internal' : 'external'} ${shape.withForwards ? 'forwards' : 'no-forwards'}`;
  const statement = eventsByShape(db, key, (name) => eventsStatement(db, shape).prepare(name));
  return statement.execute({ ticketIds: window.ticketIds, ...(window.since === null ? {} : { since: window.since }) });
}
