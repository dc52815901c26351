/**
 * Ratings (DESIGN.md §25): a tap of an e-mailed link (with the optional comment after it) and a
 * digit answered by SMS. Each ticket takes one rating, counted for the department holding it
 * then; it is audited (`ticket.rate`), and a low one tells that department live and in its bell.
 */
import {
  AppError,
  RATING_COMMENT_WINDOW_MINUTES,
  RATING_LINK_DAYS,
  RATING_LOW_MAX,
  RATING_SMS_ANSWER_DAYS,
  staffUserTypeOf,
  type IssuedTo,
  type Language,
  type RateBody,
  type RateCommentBody,
  type RateReply,
  type RatingChannel,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishEvents } from '../events/publish.ts';
import { findStaffToTell, tellInbox } from '../inbox/inbox.repository.ts';
import { insertOutboxMessages } from '../notifications/notifications.repository.ts';
import { readRatingToken } from './rating-token.ts';
import {
  addRatingComment,
  findLatestSmsQuestion,
  findTicketToRate,
  insertRating,
  markRepeatTold,
} from './satisfaction.repository.ts';
import { ratedSms } from './survey-messages.ts';

const DAY_MS = 24 * 60 * 60_000;

export interface RatingContext {
  db: Db;
  /** Signs and checks the links' tokens (config.satisfaction.linkSecret). */
  linkSecret: string;
}

interface GivenRating {
  ticketId: number;
  score: number;
  channel: RatingChannel;
  /** Who gave it, for the audit: null for a link's tap (nobody is signed in), the gateway's account for an SMS. */
  actorUserId: string | null;
  ip: string;
  details?: Record<string, unknown>;
}

/**
 * Records the rating, its audit row and, for a low one, the live event of the holding department,
 * in the caller's transaction; undefined when the ticket was rated already (or does not exist).
 */
async function recordRating(tx: Db, given: GivenRating): Promise<{ ratedAt: Date; department: IssuedTo } | undefined> {
  const ticket = await findTicketToRate(tx, given.ticketId);
  if (!ticket) return undefined;
  const rated = await insertRating(tx, { ...given, department: ticket.issuedTo });
  if (!rated) return undefined;
  await insertAuditEntry(tx, {
    actorUserId: given.actorUserId,
    action: 'ticket.rate',
    target: `ticket:${given.ticketId}`,
    ip: given.ip,
    details: { score: given.score, channel: given.channel, holder: ticket.issuedTo, ...given.details },
  });
  if (given.score <= RATING_LOW_MAX) await tellLowRating(tx, given, ticket.issuedTo);
  return { ratedAt: rated.ratedAt, department: ticket.issuedTo };
}

/**
 * A low rating is heard live and lands in the bell of the staff who act for the holder
 * (canHearLowRating: cc, and the holding department's staff).
 */
async function tellLowRating(tx: Db, given: GivenRating, holder: IssuedTo): Promise<void> {
  await publishEvents(tx, [{ event: 'ticket.rated_low', ticket_id: given.ticketId, score: given.score, issued_to: holder }]);
  const department = holder === 'agent' ? null : holder;
  const userTypes = department === null || department === 'cc' ? ['cc' as const] : ['cc' as const, staffUserTypeOf(department)];
  const staff = await findStaffToTell(tx, userTypes, false);
  await tellInbox(tx, [
    { userIds: staff.map((member) => member.id), kind: 'rating.low', ticketId: given.ticketId, department, score: given.score },
  ]);
}

/** The ticket a link's token names; a token we did not sign, or one past its days, is refused. */
function ticketOfToken(ctx: RatingContext, token: string, checkExpiry: boolean): number {
  const reading = readRatingToken(ctx.linkSecret, token, new Date());
  if (!reading.ok) throw new AppError('bad_request', 'satisfaction.tokenInvalid');
  if (checkExpiry && reading.expired) throw new AppError('gone', 'satisfaction.tokenExpired', { days: RATING_LINK_DAYS });
  return reading.ticketId;
}

/**
 * The tap of a link: the rating of the ticket its token names. 400 for a token we did not sign,
 * 410 for an expired one, 404 for a ticket that is gone, 409 once the ticket is rated (by this
 * link before, or by SMS).
 */
export async function rateByLink(ctx: RatingContext, body: RateBody, ip: string): Promise<RateReply['data']> {
  const ticketId = ticketOfToken(ctx, body.token, true);
  return ctx.db.transaction(async (tx) => {
    if (!(await findTicketToRate(tx, ticketId))) throw new AppError('not_found', 'satisfaction.ticketGone');
    const rated = await recordRating(tx, { ticketId, score: body.score, channel: 'email', actorUserId: null, ip });
    if (!rated) throw new AppError('conflict', 'satisfaction.alreadyRated', { id: String(ticketId) });
    const until = new Date(rated.ratedAt.getTime() + RATING_COMMENT_WINDOW_MINUTES * 60_000);
    return { ticket_id: ticketId, score: body.score, comment_until: until.toISOString() };
  });
}

/**
 * The words after the tap, with the same link's token: once, within RATING_COMMENT_WINDOW_MINUTES
 * of a rating given by that link (the link itself may have expired meanwhile); 409 otherwise.
 */
export async function commentByLink(ctx: RatingContext, body: RateCommentBody): Promise<{ ticket_id: number }> {
  const ticketId = ticketOfToken(ctx, body.token, false);
  if (!(await addRatingComment(ctx.db, ticketId, body.comment, RATING_COMMENT_WINDOW_MINUTES)))
    throw new AppError('conflict', 'satisfaction.commentClosed', { minutes: RATING_COMMENT_WINDOW_MINUTES });
  return { ticket_id: ticketId };
}

/** Bangla digits ১–৫ as well as 1–5. */
const BANGLA_ZERO = 0x09e6;

/** The score an SMS text is (a single digit 1–5 in Latin or Bangla, spaces around it allowed), or null. */
export function ratingDigitOf(text: string): number | null {
  const trimmed = text.normalize('NFC').trim();
  if (/^[1-5]$/.test(trimmed)) return Number(trimmed);
  if (/^[\u09e7-\u09eb]$/.test(trimmed)) return (trimmed.codePointAt(0) ?? 0) - BANGLA_ZERO;
  return null;
}

export interface SmsAnswer {
  /** The sender, stored `880…`. */
  from: string;
  text: string;
  /** The gateway's message id, named in the audit. */
  messageId: string;
  /** The language to answer in. */
  language: Language;
}

/**
 * A digit answered by SMS, in the transaction `db` of the message's claim: the rating of the
 * ticket most recently asked by SMS to this very number within RATING_SMS_ANSWER_DAYS (a number
 * can only ever rate what it was asked about), answered with thanks; a later digit changes nothing
 * and is told so once. The ticket rated, or null when the text is no rating (it is filed as usual).
 */
export async function rateBySms(
  db: Db,
  brand: string,
  gateway: { id: string; ip: string },
  answer: SmsAnswer,
): Promise<{ ticketId: number } | null> {
  const score = ratingDigitOf(answer.text);
  if (score === null) return null;
  const question = await findLatestSmsQuestion(db, answer.from, new Date(Date.now() - RATING_SMS_ANSWER_DAYS * DAY_MS));
  if (!question) return null;
  const { ticketId } = question;
  const rated =
    !question.rated &&
    (await recordRating(db, {
      ticketId,
      score,
      channel: 'sms',
      actorUserId: gateway.id,
      ip: gateway.ip,
      details: { message_id: answer.messageId },
    }));
  const repeat = !rated;
  if (!repeat || (await markRepeatTold(db, ticketId)))
    await insertOutboxMessages(db, [
      {
        channel: 'sms',
        kind: 'answer',
        recipient: answer.from,
        body: ratedSms(brand, ticketId, answer.language, repeat),
        ticketId,
      },
    ]);
  return { ticketId };
}
