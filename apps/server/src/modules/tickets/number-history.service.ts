/**
 * The history of a problematic number (DESIGN.md §12), scoped like the ticket list (§6): staff see
 * every ticket of the number, customers and agents only the tickets they issued. Forwards are
 * routing between departments and internal comments are internal: neither reaches agents or
 * customers, and they read staff names as "customer support".
 */
import {
  AppError,
  canSeeAllTickets,
  canSeeInternalComments,
  canSeeRouting,
  NUMBER_HISTORY_EVENTS,
  NUMBER_HISTORY_TICKETS,
  STORED_PHONE_NUMBER,
  storedNumberPrefix,
  type NumberHistory,
  type IssuedTo,
  type NumberHistoryEvent,
} from '@switchboard/shared';
import { actorNameFor, presentTicketListItem, type TicketViewer } from './ticket-presenter.ts';
import {
  listNumberEvents,
  listNumberTickets,
  readNumberTickets,
  type NumberEventRow,
  type NumberScope,
  type RecentlyChangedTicket,
} from './number-history.repository.ts';
import type { TicketReader, TicketsContext } from './tickets.service.ts';

/**
 * The stored form (880…) of a number typed as the list search accepts it, or a 400 naming the
 * field: the history is of one whole number, not of a prefix.
 */
export function storedHistoryNumber(entry: string): string {
  const stored = storedNumberPrefix(entry);
  if (!STORED_PHONE_NUMBER.test(stored)) throw AppError.invalidField('number', 'number-history.numberEntry');
  return stored;
}

/** The history reads the database only. */
export type HistoryContext = Pick<TicketsContext, 'db'>;

function createdEvent(viewer: TicketViewer, ticket: RecentlyChangedTicket): NumberHistoryEvent {
  const created: NumberHistoryEvent = { at: ticket.createdAt.toISOString(), ticket_id: ticket.ticketId, kind: 'created' };
  // The issuer's name is routing information (the list shows it to staff only).
  if (canSeeRouting(viewer) && ticket.issuerName !== null) created.by_name = ticket.issuerName;
  return created;
}

/**
 * Events written in one transaction can share their instant (a reply and the reopen it causes, an
 * incident's message and its resolve); this order, oldest first, tells them as they happened. A
 * forward's own note is stamped with its transaction's start and the forward with the clock after
 * the row lock, so the note comes first whenever the two fall within one millisecond too.
 */
const ORDER_AT_ONE_INSTANT: Record<NumberHistoryEvent['kind'], number> = {
  created: 0,
  commented: 1,
  forwarded: 2,
  reopened: 3,
  resolved: 4,
};

function newestFirst(a: NumberHistoryEvent, b: NumberHistoryEvent): number {
  return b.at.localeCompare(a.at) || b.ticket_id - a.ticket_id || ORDER_AT_ONE_INSTANT[b.kind] - ORDER_AT_ONE_INSTANT[a.kind];
}

/** Whether the viewer may hear of the event: internal notes and forwards are staff's. */
function mayHear(viewer: TicketViewer, row: NumberEventRow): boolean {
  if (row.kind === 'comment') return canSeeInternalComments(viewer) || row.isInternal === false;
  return row.kind === 'status' || canSeeRouting(viewer);
}

/**
 * An event of the timeline. A move into closed is a resolve, a move out of it a reopen; who made it
 * reads as a commenter does. A mover without an account reads as staff: hiding a name is the safe side.
 */
function eventOf(viewer: TicketViewer, row: NumberEventRow): NumberHistoryEvent {
  const at = row.createdAt.toISOString();
  if (row.kind === 'forward')
    return {
      at,
      ticket_id: row.ticketId,
      kind: 'forwarded',
      from: row.from as IssuedTo,
      to: row.to as IssuedTo,
      cause: row.cause ?? '',
      by_name: row.byName ?? '',
    };
  const byName = actorNameFor(viewer, row.byName ?? '', row.byUserType ?? 'cc');
  if (row.kind === 'comment') return { at, ticket_id: row.ticketId, kind: 'commented', by_name: byName };
  return { at, ticket_id: row.ticketId, kind: row.to === 'closed' ? 'resolved' : 'reopened', by_name: byName };
}

/**
 * The newest events of the number's tickets. Only the NUMBER_HISTORY_EVENTS tickets that changed
 * last are followed: each of them has an event at its updated_at, so when there are that many,
 * no event older than the last one's updated_at can be among the newest, and the comments and
 * forwards are read from that instant on.
 */
async function newestEvents(
  ctx: HistoryContext,
  viewer: TicketViewer,
  recent: RecentlyChangedTicket[],
): Promise<NumberHistoryEvent[]> {
  const oldest = recent.length === NUMBER_HISTORY_EVENTS ? recent[recent.length - 1] : undefined;
  const window = { ticketIds: recent.map((ticket) => ticket.ticketId), since: oldest?.updatedAt ?? null };
  const withInternal = canSeeInternalComments(viewer);
  const rows = await listNumberEvents(ctx.db, { ...window, withInternal, withForwards: canSeeRouting(viewer) });
  const events = [
    ...recent.map((ticket) => createdEvent(viewer, ticket)),
    // The query leaves internal comments and forwards out already; this keeps it true whatever it returns.
    ...rows.filter((row) => mayHear(viewer, row)).map((row) => eventOf(viewer, row)),
  ];
  return events.sort(newestFirst).slice(0, NUMBER_HISTORY_EVENTS);
}

/**
 * The counts, newest tickets and timeline of a number, as the viewer may see them. The timeline
 * leaves out the events of `exceptTicketId` (the ticket on screen): one more ticket is followed, so
 * that the others still fill it.
 */
export async function getNumberHistory(
  ctx: HistoryContext,
  viewer: TicketReader,
  entry: string,
  exceptTicketId?: number,
): Promise<NumberHistory> {
  const number = storedHistoryNumber(entry);
  const scope: NumberScope = { number, issuerUserId: canSeeAllTickets(viewer) ? undefined : viewer.id };
  const [counted, rows] = await Promise.all([
    readNumberTickets(ctx.db, scope, NUMBER_HISTORY_EVENTS + (exceptTicketId === undefined ? 0 : 1)),
    listNumberTickets(ctx.db, scope, NUMBER_HISTORY_TICKETS),
  ]);
  const followed = counted.recent.filter((ticket) => ticket.ticketId !== exceptTicketId).slice(0, NUMBER_HISTORY_EVENTS);
  const timeline = await newestEvents(ctx, viewer, followed);
  return {
    number,
    open_count: counted.open,
    total_count: counted.total,
    tickets: rows.map((row) => presentTicketListItem(viewer, row)),
    timeline,
  };
}
