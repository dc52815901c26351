/**
 * Outage broadcasts (DESIGN.md §23): one SMS per incident, kind and number to the active, not
 * opted-out subscribers of the incident's areas, in each one's language, paced to the gateway's rate.
 */
import { z } from 'zod';
import { BROADCAST_KINDS, BROADCAST_STATUSES } from './constants.ts';
import { msg } from './messages.ts';
import { multilineText, ticketIdSchema, uuidSchema } from './common.schemas.ts';

/** A broadcast's text at most, per language: a few SMS parts even in Bangla (70 characters a part). */
export const BROADCAST_MESSAGE_MAX_LENGTH = 480;
/** Broadcasts one incident may have: every kind a few times over as the area grows. */
export const BROADCASTS_PER_INCIDENT_MAX = 30;

const broadcastMessage = multilineText({
  required: msg('broadcasts.messageRequired'),
  max: BROADCAST_MESSAGE_MAX_LENGTH,
  tooLong: msg('broadcasts.messageTooLong', { max: BROADCAST_MESSAGE_MAX_LENGTH }),
});

/**
 * POST /incidents/{id}/broadcasts. Reaches only the numbers this incident has not yet told this kind;
 * refused while a broadcast of the same incident and kind is still sending.
 */
export const broadcastCreateSchema = z.strictObject({
  kind: z.enum(BROADCAST_KINDS, msg('broadcasts.kind')),
  message_en: broadcastMessage,
  message_bn: broadcastMessage,
});
export type BroadcastCreate = z.infer<typeof broadcastCreateSchema>;
export type BroadcastCreateInput = z.input<typeof broadcastCreateSchema>;

/** An incident's id reads as a ticket's (incidentIdSchema), named here without loading the ticket schemas. */
export const broadcastParamsSchema = z.object({ id: ticketIdSchema, broadcast_id: uuidSchema });

/** GET /incidents/{id}/broadcasts/preview?kind=: what "Confirm" would do, for the dialog. */
export const broadcastPreviewQuerySchema = z.object({ kind: z.enum(BROADCAST_KINDS, msg('broadcasts.kind')) });
export const broadcastPreviewSchema = z.object({
  /** Numbers it would reach now. */
  recipients: z.number().int(),
  /** How long sending takes at SMS_RATE_PER_SECOND, quiet hours aside. */
  seconds: z.number().int(),
  rate_per_second: z.number(),
  /** When quiet hours hold it back (not for `restored`): when sending starts; null when it starts now. */
  starts_at: z.string().nullable(),
});
export type BroadcastPreview = z.infer<typeof broadcastPreviewSchema>;
export const broadcastPreviewReplySchema = z.object({ data: broadcastPreviewSchema });

export const broadcastSchema = z.object({
  id: z.string(),
  incident_id: z.number().int(),
  kind: z.enum(BROADCAST_KINDS),
  status: z.enum(BROADCAST_STATUSES),
  message_en: z.string(),
  message_bn: z.string(),
  /** Messages written for it, and how many of them were sent, failed, or were delivered (DESIGN.md §24). */
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  delivered: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
/** GET /incidents/{id}/broadcasts: newest first (at most BROADCASTS_PER_INCIDENT_MAX). */
export const broadcastListReplySchema = z.object({ data: z.array(broadcastSchema) });
export type BroadcastListReply = z.infer<typeof broadcastListReplySchema>;
export const broadcastReplySchema = z.object({ message: z.string(), data: broadcastSchema });
export type BroadcastReply = z.infer<typeof broadcastReplySchema>;
