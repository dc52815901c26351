/**
 * Two-way channels (DESIGN.md §24): what an SMS gateway calls back with (a customer's answer, a
 * delivery report), what the desk answers it, and the admins' view of each channel.
 */
import { z } from 'zod';
import { msg } from './messages.ts';

/** An inbound SMS is kept up to this many characters; a longer one is cut, and its comment says so. */
export const SMS_INBOUND_TEXT_MAX_LENGTH = 1000;
/** The largest callback a gateway may send (query, form or JSON); a 10,000-character text still fits. */
export const SMS_CALLBACK_MAX_BYTES = 64 * 1024;
/** Fields one callback may carry, and the longest name and value of one. */
export const SMS_CALLBACK_FIELDS_MAX = 50;
const CALLBACK_NAME_MAX_LENGTH = 64;
const CALLBACK_VALUE_MAX_LENGTH = 40_000;

/**
 * A gateway's callback as it comes: flat fields, named by the gateway (SMS_INBOUND_FIELDS and
 * SMS_DELIVERY_FIELDS say which is which). The service maps and checks them.
 */
export const smsCallbackFieldsSchema = z
  .record(
    z.string().max(CALLBACK_NAME_MAX_LENGTH),
    z.union([z.string().max(CALLBACK_VALUE_MAX_LENGTH), z.number(), z.boolean()]),
    msg('channels.callbackShape'),
  )
  .refine((fields) => Object.keys(fields).length <= SMS_CALLBACK_FIELDS_MAX, msg('channels.callbackShape'));
export type SmsCallbackFields = z.infer<typeof smsCallbackFieldsSchema>;

/** What became of an inbound message (SMS or e-mail), recorded once per message. */
export const INBOUND_OUTCOMES = [
  /** An external comment on the sender's ticket. */
  'comment',
  /** A new ticket. */
  'ticket',
  /** Keywords: STATUS answered, STOP / START (broadcast opt-out / opt-in), a satisfaction digit. */
  'status',
  'stop',
  'start',
  'rating',
  /** Auto-replies, bulk mail, bounces, our own address: never filed, never answered. */
  'ignored',
  /** Over the sender's hourly limit: kept here, filed nowhere. */
  'limited',
  /** Unreadable or too large: kept here with the reason. */
  'refused',
] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

/**
 * The reply to an inbound SMS callback. `repeat`: the gateway's message id was taken before, and
 * nothing changed this time (the first outcome is `outcome`).
 */
export const smsInboundReplySchema = z.object({
  data: z.object({
    outcome: z.enum(INBOUND_OUTCOMES),
    ticket_id: z.number().int().nullable(),
    repeat: z.boolean(),
  }),
});
export type SmsInboundReply = z.infer<typeof smsInboundReplySchema>;

/** The reply to a delivery report: `unknown` when the reference names no message of ours. */
export const smsDeliveryReplySchema = z.object({
  data: z.object({ outcome: z.enum(['recorded', 'unknown']) }),
});
export type SmsDeliveryReply = z.infer<typeof smsDeliveryReplySchema>;

/** The channels the admins' "Channels" page shows. */
export const CHANNEL_NAMES = ['sms_inbound', 'sms_delivery', 'email_inbound'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/**
 * One channel as admins see it: whether it is set up (a client with `channels:inbound`; IMAP_URL),
 * whether it is connected (the mail worker's session; null for the SMS callbacks, which the
 * gateway opens), the last message taken, the messages of the last 24 hours, and the last error.
 */
export const channelStatusSchema = z.object({
  channel: z.enum(CHANNEL_NAMES),
  configured: z.boolean(),
  connected: z.boolean().nullable(),
  last_taken_at: z.string().nullable(),
  last_outcome: z.enum(INBOUND_OUTCOMES).nullable(),
  taken_last_day: z.number().int(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
export type ChannelStatus = z.infer<typeof channelStatusSchema>;
export const channelStatusReplySchema = z.object({ data: z.array(channelStatusSchema) });
export type ChannelStatusReply = z.infer<typeof channelStatusReplySchema>;
