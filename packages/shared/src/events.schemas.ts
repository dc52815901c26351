/** The live updates stream, GET /events (DESIGN.md §15): event names and the ids each one carries. */
import { z } from 'zod';

/** Every event the stream sends; the client refetches through the normal endpoints on each. */
export const LIVE_EVENT_NAMES = [
  'ticket.created',
  'ticket.changed',
  'comment.added',
  'incident.changed',
  'alarm.changed',
  'broadcast.changed',
  'ticket.rated_low',
  'ticket.due_soon',
  'inbox.added',
  'ticket.presence',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export const liveEventNameSchema = z.enum(LIVE_EVENT_NAMES);

/** The path of the stream, under the API prefix. */
export const LIVE_EVENTS_PATH = '/events';
/** The server's comment line between events, so proxies and clients see the stream alive. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Streams one user may hold at once; a further one closes that user's oldest. */
export const LIVE_STREAMS_PER_USER = 3;

/** The data of ticket.created, ticket.changed and comment.added: ids only. */
export const ticketEventDataSchema = z.strictObject({
  ticket_id: z.number().int().min(1),
  comment_id: z.uuid().optional(),
  incident_id: z.number().int().min(1).optional(),
});
export type TicketEventData = z.infer<typeof ticketEventDataSchema>;

/** The data of incident.changed. */
export const incidentEventDataSchema = z.strictObject({ incident_id: z.number().int().min(1) });
export type IncidentEventData = z.infer<typeof incidentEventDataSchema>;

/** The data of alarm.changed (staff only): a delivery changed alarms; the incident when it touched one. */
export const alarmEventDataSchema = z.strictObject({ incident_id: z.number().int().min(1).optional() });
export type AlarmEventData = z.infer<typeof alarmEventDataSchema>;

/** The data of broadcast.changed (staff only): a broadcast's progress, at most about once a second. */
export const broadcastEventDataSchema = z.strictObject({
  incident_id: z.number().int().min(1),
  broadcast_id: z.uuid(),
});
export type BroadcastEventData = z.infer<typeof broadcastEventDataSchema>;

/**
 * The data of ticket.rated_low (DESIGN.md §25): the issuer rated the ticket 1 or 2. Heard by the
 * staff who act for its holder (canHearLowRating); the list shows the badge on its next read.
 */
export const lowRatingEventDataSchema = z.strictObject({
  ticket_id: z.number().int().min(1),
  score: z.number().int().min(1).max(5),
});
export type LowRatingEventData = z.infer<typeof lowRatingEventDataSchema>;

/**
 * The data of ticket.due_soon (DESIGN.md §26): the ticket passed SLA_WARN_PERCENT of its level.
 * Heard by the staff who act for its holder (canHearDueSoon).
 */
export const dueSoonEventDataSchema = z.strictObject({ ticket_id: z.number().int().min(1) });
export type DueSoonEventData = z.infer<typeof dueSoonEventDataSchema>;

/** The data of inbox.added (DESIGN.md §26): heard by the one person told; the bell refetches. */
export const inboxAddedEventDataSchema = z.strictObject({ unread: z.number().int().min(0) });
export type InboxAddedEventData = z.infer<typeof inboxAddedEventDataSchema>;

/** One event as the stream carries it: `event: <name>` and `data: <json>`. */
export const liveEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('ticket.created'), data: ticketEventDataSchema }),
  z.object({ event: z.literal('ticket.changed'), data: ticketEventDataSchema }),
  z.object({ event: z.literal('comment.added'), data: ticketEventDataSchema }),
  z.object({ event: z.literal('incident.changed'), data: incidentEventDataSchema }),
  z.object({ event: z.literal('alarm.changed'), data: alarmEventDataSchema }),
  z.object({ event: z.literal('broadcast.changed'), data: broadcastEventDataSchema }),
  z.object({ event: z.literal('ticket.rated_low'), data: lowRatingEventDataSchema }),
  z.object({ event: z.literal('ticket.due_soon'), data: dueSoonEventDataSchema }),
  z.object({ event: z.literal('inbox.added'), data: inboxAddedEventDataSchema }),
  /** Who is on the ticket changed (DESIGN.md §27), staff only: the view asks GET /tickets/{id}/presence. */
  z.object({ event: z.literal('ticket.presence'), data: ticketEventDataSchema }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
