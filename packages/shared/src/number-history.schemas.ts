/** The number's history (DESIGN.md §12): GET /tickets/number-history/{number}. */
import { z } from 'zod';
import { ISSUED_TO_VALUES } from './constants.ts';
import { msg } from './messages.ts';
import { optionalQuery, ticketIdSchema } from './common.schemas.ts';
import { ticketListItemSchema } from './tickets.schemas.ts';

/** At most this many of the number's tickets are listed, newest first. */
export const NUMBER_HISTORY_TICKETS = 10;

/** At most this many events are in the timeline, newest first. */
export const NUMBER_HISTORY_EVENTS = 50;

/** What happened to one of the number's tickets. */
export const NUMBER_HISTORY_EVENT_KINDS = ['created', 'forwarded', 'resolved', 'reopened', 'commented'] as const;
export type NumberHistoryEventKind = (typeof NUMBER_HISTORY_EVENT_KINDS)[number];

/**
 * Path of the history: the number in any form the list search accepts (+880…, 880…, 0…). The
 * digits are checked here; whether they make a whole phone number is checked after the list's
 * normalisation, so that both read the number the same way.
 */
export const numberHistoryParamsSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\+?\d{10,13}$/, msg('number-history.numberEntry')),
});
export type NumberHistoryParams = z.infer<typeof numberHistoryParamsSchema>;

/**
 * Query of the history: `except_ticket_id` leaves that ticket's events out of the timeline (the
 * ticket view shows its own comments beside the panel); the counts and the tickets stay the number's.
 */
export const numberHistoryQuerySchema = z.object({ except_ticket_id: optionalQuery(ticketIdSchema) });
export type NumberHistoryQuery = z.infer<typeof numberHistoryQuerySchema>;

/**
 * One event of the timeline. `from`, `to` and `cause` belong to forwards (staff only); `by_name`
 * is the person who acted when it is known and the viewer may read it (agents and customers read
 * staff as "customer support").
 */
export const numberHistoryEventSchema = z.object({
  at: z.string(),
  ticket_id: z.number().int(),
  kind: z.enum(NUMBER_HISTORY_EVENT_KINDS),
  from: z.enum(ISSUED_TO_VALUES).optional(),
  to: z.enum(ISSUED_TO_VALUES).optional(),
  cause: z.string().optional(),
  by_name: z.string().optional(),
});
export type NumberHistoryEvent = z.infer<typeof numberHistoryEventSchema>;

/**
 * The history of a problematic number as the viewer may see it: only tickets the viewer may see
 * are counted, listed and followed. `number` is the stored form (880…). open_count counts the
 * tickets that are not closed.
 */
export const numberHistoryReplySchema = z.object({
  data: z.object({
    number: z.string(),
    open_count: z.number().int(),
    total_count: z.number().int(),
    tickets: z.array(ticketListItemSchema).max(NUMBER_HISTORY_TICKETS),
    timeline: z.array(numberHistoryEventSchema).max(NUMBER_HISTORY_EVENTS),
  }),
});
export type NumberHistoryReply = z.infer<typeof numberHistoryReplySchema>;
export type NumberHistory = NumberHistoryReply['data'];
