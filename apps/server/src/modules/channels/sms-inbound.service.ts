/**
 * Inbound SMS (DESIGN.md §24), taken once per gateway message id: the message's row in
 * `inbound_messages` is claimed first in the transaction of what the message does, so a repeated
 * callback, even one running at the same time, finds it taken and changes nothing. Over the
 * number's hourly limit a message is only recorded. A satisfaction digit comes first (§25), then
 * keywords; any other text is filed on the number's ticket or opens one.
 */
import { AppError, type InboundOutcome, type Language, type SmsCallbackFields, type SmsInboundReply } from '@switchboard/shared';
import type { ChannelsConfig } from '../../config-channels.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { CommentsContext } from '../comments/comments.service.ts';
import { rateBySms } from '../satisfaction/satisfaction.service.ts';
import { findSubscriberContact } from '../subscribers/subscribers.repository.ts';
import type { IssueContext } from '../tickets/tickets.service.ts';
import { findLiveUserByNumber } from '../users/users.repository.ts';
import { keywordOf } from './sms-answers.ts';
import { readInboundSms, type InboundSms } from './sms-callbacks.ts';
import { fileInboundSms } from './sms-filing.ts';
import {
  claimInboundSms,
  countInboundSmsSince,
  findInboundSms,
  recordInboundOutcome,
  type InboundRecord,
} from './sms-inbound.repository.ts';
import { actOnKeyword } from './sms-keywords.ts';

export interface SmsInboundContext extends CommentsContext, IssueContext {
  sms: ChannelsConfig['sms'];
}

/** The sender as the desk knows it: its number, the language to answer in, its subscriber row. */
export interface SmsSender {
  number: string;
  language: Language;
  subscriber: Awaited<ReturnType<typeof findSubscriberContact>>;
}

const HOUR_MS = 60 * 60_000;

/** The number's language: the subscriber directory's, else its account's, else Bangla. */
async function senderOf(db: Db, number: string): Promise<SmsSender> {
  const subscriber = await findSubscriberContact(db, number);
  const language = subscriber?.language ?? (await findLiveUserByNumber(db, number))?.language ?? 'bn';
  return { number, language, subscriber };
}

/**
 * What the message does, in a savepoint of the claim's transaction: a refusal of the desk's own
 * rules (the number's account was deleted, no group to file a ticket in) is recorded as `refused`
 * rather than failing the callback, which the gateway would only repeat.
 */
async function act(ctx: SmsInboundContext, gateway: Actor, message: InboundSms): Promise<InboundRecord & { detail?: string }> {
  try {
    return await ctx.db.transaction(async (savepoint) => {
      const inner = { ...ctx, db: savepoint };
      const sender = await senderOf(savepoint, message.from);
      const answer = { from: message.from, text: message.text, messageId: message.id, language: sender.language };
      const rating = await rateBySms(savepoint, ctx.tell.brandName, gateway, answer);
      if (rating) return { outcome: 'rating', ticketId: rating.ticketId };
      const keyword = keywordOf(message.text);
      if (keyword) return actOnKeyword(inner, gateway, message, sender, keyword);
      if (message.text === '') return { outcome: 'ignored', ticketId: null, detail: 'empty text' };
      return fileInboundSms(inner, gateway, message, sender.language);
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { outcome: 'refused', ticketId: null, detail: error.key };
  }
}

function replyOf(record: InboundRecord, repeat: boolean): SmsInboundReply['data'] {
  return { outcome: record.outcome, ticket_id: record.ticketId, repeat };
}

/** Takes one inbound SMS callback of `gateway` (an API client with channels:inbound). */
export async function takeInboundSms(
  ctx: SmsInboundContext,
  gateway: Actor,
  fields: SmsCallbackFields,
): Promise<SmsInboundReply['data']> {
  const message = readInboundSms(ctx.sms, fields);
  const earlier = await findInboundSms(ctx.db, message.id);
  if (earlier) return replyOf(earlier, true);
  const sentLastHour = await countInboundSmsSince(ctx.db, message.from, new Date(Date.now() - HOUR_MS));
  const limited = sentLastHour >= ctx.sms.perNumberPerHour;
  const firstOutcome: InboundOutcome = limited ? 'limited' : 'refused';
  const taken = await ctx.db.transaction(async (tx) => {
    const claimed = await claimInboundSms(tx, message.id, message.from, firstOutcome);
    if (claimed === null) return null;
    const record = limited
      ? { outcome: firstOutcome, ticketId: null, detail: 'over the hourly limit' }
      : await act({ ...ctx, db: tx }, gateway, message);
    await recordInboundOutcome(tx, claimed, record);
    return record;
  });
  if (taken === null) {
    const first = await findInboundSms(ctx.db, message.id);
    if (!first) throw new Error(`the inbound message ${message.id} was claimed but is not stored`);
    return replyOf(first, true);
  }
  if (taken.outcome !== 'limited') ctx.tell.outbox.ring();
  return replyOf(taken, false);
}
