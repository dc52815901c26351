/**
 * Publishing live events (DESIGN.md §15). A writer calls these inside its own transaction: the
 * notification is delivered to every process when the transaction commits and never when it rolls
 * back. The payload carries what the filter needs (the ticket's issuer, whether only staff may know);
 * a stream writes only the contract's ids.
 */
import { z } from 'zod';
import { ISSUED_TO_VALUES, type IssuedTo } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { notifyEvents } from './events.repository.ts';

const ticketEventNameSchema = z.enum(['ticket.created', 'ticket.changed', 'comment.added']);
export type TicketEventName = z.infer<typeof ticketEventNameSchema>;

/** What a ticket event says, and who may hear it. */
export interface TicketEvent {
  event: TicketEventName;
  ticket_id: number;
  comment_id?: string;
  incident_id?: number;
  /** The ticket's issuer (null: the public form): agents and customers hear only their own tickets. */
  issuer_user_id: string | null;
  /** Only staff may hear it: an internal comment, or a change that agents and customers cannot see. */
  internal: boolean;
}

export interface IncidentEvent {
  event: 'incident.changed';
  incident_id: number;
}

/**
 * An account whose rights or sessions changed (demoted, renumbered, deleted): every process ends
 * its open streams at once. Never written to a stream; the client reconnects and its stale token is
 * refused.
 */
export interface AccountEvent {
  event: 'account.changed';
  user_id: string;
}

/**
 * A delivery of network alarms changed this alarm (DESIGN.md §22): one per changed alarm, for the
 * webhooks; a stream writes only those marked `live` (one per incident a delivery touched, and one
 * for its alarms without an incident), so a delivery of a hundred alarms is a frame or two on a
 * screen, not a hundred. Staff only.
 */
export interface AlarmEvent {
  event: 'alarm.changed';
  alarm_id: string;
  incident_id?: number;
  live: boolean;
}

/**
 * A broadcast's progress (DESIGN.md §23): `broadcast.changed` for staff's screens (at most about once
 * a second per broadcast and process), and `broadcast.finished` once, for the webhooks only.
 */
export interface BroadcastChangedEvent {
  event: 'broadcast.changed';
  incident_id: number;
  broadcast_id: string;
}
export interface BroadcastFinishedEvent {
  event: 'broadcast.finished';
  incident_id: number;
  broadcast_id: string;
}
export type BroadcastEvent = BroadcastChangedEvent | BroadcastFinishedEvent;

/**
 * The issuer rated a ticket 1 or 2 (DESIGN.md §25): heard by the staff who act for its holder at
 * the time (`issued_to`, canHearLowRating); a stream writes only the ticket and the score.
 */
export interface LowRatingEvent {
  event: 'ticket.rated_low';
  ticket_id: number;
  score: number;
  issued_to: IssuedTo;
}

/**
 * A ticket passed SLA_WARN_PERCENT of its level (DESIGN.md §26): heard by the staff who act for its
 * holder (`issued_to`, canHearDueSoon); a stream writes only the ticket.
 */
export interface DueSoonEvent {
  event: 'ticket.due_soon';
  ticket_id: number;
  issued_to: IssuedTo;
}

/**
 * New items in the bells of these people (DESIGN.md §26), each of whom now has `unread` unread:
 * heard by them alone; a stream writes only the count.
 */
export interface InboxAddedEvent {
  event: 'inbox.added';
  user_ids: string[];
  unread: number;
}

/**
 * Who is on a ticket changed (DESIGN.md §27): heard by the staff among `user_ids`, the others on the
 * ticket at the time (at most PRESENCE_LIST_MAX), so that a change costs a frame per person on the
 * ticket, not one per open stream; a stream writes only the ticket. Written by the presence
 * statement itself (presence.repository.ts).
 */
export interface PresenceEvent {
  event: 'ticket.presence';
  ticket_id: number;
  user_ids: string[];
}

export type PublishedEvent =
  | TicketEvent
  | IncidentEvent
  | AlarmEvent
  | BroadcastEvent
  | LowRatingEvent
  | DueSoonEvent
  | InboxAddedEvent
  | PresenceEvent
  | AccountEvent;

/** The payload on the channel, as the listener reads it back (anything else is ignored). */
const publishedEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: ticketEventNameSchema,
    ticket_id: z.number().int(),
    comment_id: z.string().optional(),
    incident_id: z.number().int().optional(),
    issuer_user_id: z.string().nullable(),
    internal: z.boolean(),
  }),
  z.object({ event: z.literal('incident.changed'), incident_id: z.number().int() }),
  z.object({
    event: z.literal('alarm.changed'),
    alarm_id: z.string(),
    incident_id: z.number().int().optional(),
    live: z.boolean(),
  }),
  z.object({ event: z.literal('broadcast.changed'), incident_id: z.number().int(), broadcast_id: z.string() }),
  z.object({ event: z.literal('broadcast.finished'), incident_id: z.number().int(), broadcast_id: z.string() }),
  z.object({
    event: z.literal('ticket.rated_low'),
    ticket_id: z.number().int(),
    score: z.number().int(),
    issued_to: z.enum(ISSUED_TO_VALUES),
  }),
  z.object({ event: z.literal('ticket.due_soon'), ticket_id: z.number().int(), issued_to: z.enum(ISSUED_TO_VALUES) }),
  z.object({ event: z.literal('inbox.added'), user_ids: z.array(z.string()), unread: z.number().int() }),
  z.object({ event: z.literal('ticket.presence'), ticket_id: z.number().int(), user_ids: z.array(z.string()) }),
  z.object({ event: z.literal('account.changed'), user_id: z.string() }),
]);

export function parsePublishedEvent(payload: string): PublishedEvent | null {
  try {
    const parsed = publishedEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Publishes the events in one statement, inside the caller's transaction. */
export async function publishEvents(tx: Db, events: PublishedEvent[]): Promise<void> {
  await notifyEvents(tx, events);
}

export async function publishTicketEvent(tx: Db, event: TicketEvent): Promise<void> {
  await publishEvents(tx, [event]);
}

/** incident.changed, and ticket.changed for each ticket it touched (`tickets`). */
export async function publishIncidentEvent(
  tx: Db,
  incidentId: number,
  tickets: Omit<TicketEvent, 'event' | 'incident_id'>[] = [],
): Promise<void> {
  await publishEvents(tx, [
    { event: 'incident.changed', incident_id: incidentId },
    ...tickets.map((ticket): TicketEvent => ({ ...ticket, event: 'ticket.changed', incident_id: incidentId })),
  ]);
}

/** account.changed: ends the account's open streams on every process when the transaction commits. */
export async function publishAccountEvent(tx: Db, userId: string): Promise<void> {
  await publishEvents(tx, [{ event: 'account.changed', user_id: userId }]);
}
