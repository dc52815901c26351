/** Request and reply schemas of the messages to issuers (DESIGN.md §13): what staff and admins read. */
import { z } from 'zod';
import { DELIVERY_REPORTS, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from './constants.ts';
import { pageNumberQuery, pageReplyFields, ticketIdSchema } from './common.schemas.ts';

/** `{id}` of GET /tickets/{id}/notifications. */
export const ticketNotificationsParamsSchema = z.object({ id: ticketIdSchema });

/** `?page=` of both notification lists (10 per page, newest first). */
export const notificationsPageQuerySchema = z.object({ page: pageNumberQuery() });
export type NotificationsPageQuery = z.infer<typeof notificationsPageQuerySchema>;

/**
 * One message to a ticket's issuer as staff see it. `last_error` is the gateway's or the mail
 * server's words: admins only (null for everybody else). Never the recipient or the text.
 */
export const ticketNotificationSchema = z.object({
  id: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** What the SMS gateway reported later (DESIGN.md §24), and when; null until it does (and for e-mail). */
  delivery: z.enum(DELIVERY_REPORTS).nullable(),
  delivery_at: z.string().nullable(),
});
export type TicketNotification = z.infer<typeof ticketNotificationSchema>;

export const ticketNotificationsReplySchema = z.object({ data: z.array(ticketNotificationSchema), ...pageReplyFields });
export type TicketNotificationsReply = z.infer<typeof ticketNotificationsReplySchema>;

/** A message that kept failing, for the admins' list: where it was going and why it did not arrive. */
export const failedNotificationSchema = z.object({
  id: z.string(),
  ticket_id: z.number().int().nullable(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  recipient: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** `failed` or `expired` when the gateway took the message but reported it undelivered (DESIGN.md §24). */
  delivery: z.enum(DELIVERY_REPORTS).nullable(),
  created_at: z.string(),
});
export type FailedNotification = z.infer<typeof failedNotificationSchema>;

export const failedNotificationsReplySchema = z.object({ data: z.array(failedNotificationSchema), ...pageReplyFields });
export type FailedNotificationsReply = z.infer<typeof failedNotificationsReplySchema>;
