/**
 * What an SMS gateway's callback says (DESIGN.md §24), read through the field names the gateway
 * uses (SMS_INBOUND_FIELDS, SMS_DELIVERY_FIELDS): the sender, text and message id of an inbound
 * message; the reference and status of a delivery report. Every refusal is a 400 naming the
 * gateway's field, so whoever sets the gateway up sees which name is wrong.
 */
import {
  AppError,
  normaliseLineBreaks,
  SMS_INBOUND_TEXT_MAX_LENGTH,
  STORED_PHONE_NUMBER,
  storedNumberPrefix,
  type DeliveryReport,
  type SmsCallbackFields,
} from '@switchboard/shared';
import type { ChannelsConfig } from '../../config-channels.ts';
import { wellFormed } from '../../lib/well-formed.ts';

/** A gateway's message id at most: the longest we met is a 36-character uuid. */
const MESSAGE_ID_MAX_LENGTH = 200;

export interface InboundSms {
  /** The sender, stored `880…`. */
  from: string;
  /** As sent, well-formed (a lone surrogate is U+FFFD), line breaks normalised and trimmed as a form's text is; not yet cut. */
  text: string;
  id: string;
}

export interface DeliveryReportCall {
  /** The outbox message's id (the uuid of `outbox-<id>`), or null when the reference is not one of ours. */
  outboxId: string | null;
  status: DeliveryReport;
}

function fieldOf(fields: SmsCallbackFields, name: string): string {
  const value = fields[name];
  if (value === undefined || value === '') throw AppError.invalidField(name, 'channels.fieldMissing', { field: name });
  return wellFormed(String(value)).trim();
}

/** The stored form of a sender as gateways write it: `8801712…`, `+8801712…`, `01712…`. */
export function storedSender(raw: string): string | null {
  const stored = storedNumberPrefix(raw.replace(/[\s-]/g, ''));
  return STORED_PHONE_NUMBER.test(stored) ? stored : null;
}

export function readInboundSms(config: ChannelsConfig['sms'], fields: SmsCallbackFields): InboundSms {
  const names = config.inboundFields;
  const from = storedSender(fieldOf(fields, names.from));
  if (!from) throw AppError.invalidField(names.from, 'channels.senderNumber');
  const id = fieldOf(fields, names.id);
  if (id.length > MESSAGE_ID_MAX_LENGTH) throw AppError.invalidField(names.id, 'channels.messageId');
  // An empty text is still a message (a STATUS typed wrong, a blank reply): it is filed as it is.
  const text = normaliseLineBreaks(wellFormed(String(fields[names.text] ?? ''))).trim();
  return { from, text, id };
}

const OUTBOX_REFERENCE = /^outbox-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The gateway's word for what became of a message: delivered, expired, or failed for everything
 * else (UNDELIV, REJECTD, an unknown word), so that no report is ever lost for its wording.
 */
export function deliveryOf(status: string): DeliveryReport {
  const word = status.trim().toLowerCase();
  if (['delivered', 'delivrd', 'success', 'ok'].includes(word)) return 'delivered';
  if (word === 'expired') return 'expired';
  return 'failed';
}

export function readDeliveryReport(config: ChannelsConfig['sms'], fields: SmsCallbackFields): DeliveryReportCall {
  const names = config.deliveryFields;
  const reference = fieldOf(fields, names.id);
  const status = fieldOf(fields, names.status);
  return { outboxId: OUTBOX_REFERENCE.exec(reference)?.[1]?.toLowerCase() ?? null, status: deliveryOf(status) };
}

/** The text a comment or a ticket keeps: at most SMS_INBOUND_TEXT_MAX_LENGTH characters, then the note that it was cut. */
export function keptText(text: string, cutNote: string): { text: string; cut: boolean } {
  const characters = Array.from(text);
  if (characters.length <= SMS_INBOUND_TEXT_MAX_LENGTH) return { text, cut: false };
  return { text: `${characters.slice(0, SMS_INBOUND_TEXT_MAX_LENGTH).join('').trimEnd()}\n\n${cutNote}`, cut: true };
}
