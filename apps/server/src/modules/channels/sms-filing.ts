/**
 * An inbound SMS that is no keyword (DESIGN.md §24): an external comment by the issuer on the
 * number's most recently active ticket (a closed one within 7 days reopens, as the workflow has
 * it), or a new ticket answered with its number. The comment's source is 'sms': staff hear it
 * live, and the issuer's own words tell the issuer nothing.
 */
import { AppError, SMS_INBOUND_TEXT_MAX_LENGTH, STORED_PRODUCT_NUMBER, type Language } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { say } from '../../lib/messages.ts';
import { findOrCreateAccount } from '../auth/auth.service.ts';
import { addComment } from '../comments/comments.service.ts';
import { listLiveGroups } from '../groups/groups.repository.ts';
import { insertOutboxMessages } from '../notifications/notifications.repository.ts';
import { findTicketToAnswer } from '../tickets/issuer-tickets.repository.ts';
import { issueTicket } from '../tickets/tickets.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { keptText, type InboundSms } from './sms-callbacks.ts';
import { ticketOpenedAnswer } from './sms-answers.ts';
import type { SmsInboundContext } from './sms-inbound.service.ts';
import type { InboundRecord } from './sms-inbound.repository.ts';

/** A closed ticket answered within this time reopens; an older one is left closed and a new ticket opens. */
export const REOPEN_WITHIN_MS = 7 * 24 * 60 * 60_000;
/** A new ticket's title: the text's first characters. */
const TITLE_LENGTH = 60;

/** The account of the number as a request of its own would carry it. */
function actorOfAccount(user: UserRow, ip: string): Actor {
  return {
    id: user.id,
    name: user.name,
    product_number: user.productNumber,
    user_type: user.userType,
    role: user.role,
    language: user.language,
    session: { tokenVersion: user.tokenVersion, expiresAt: 0 },
    ip,
    client: null,
  };
}

/**
 * Where a new ticket by SMS goes: SMS_INBOUND_SUBGROUP (a subgroup, or a group without subgroups),
 * else the first live group by name and its first subgroup. 400 when the desk has no group at all.
 */
async function inboundGroupOf(db: Db, configured: string | undefined) {
  const groups = await listLiveGroups(db);
  if (configured) {
    for (const { group, subgroups } of groups) {
      if (subgroups.some((subgroup) => subgroup.id === configured)) return { group_id: group.id, sub_group_id: configured };
      if (group.id === configured && subgroups.length === 0) return { group_id: group.id, sub_group_id: null };
    }
  }
  const [first] = groups;
  if (!first) throw AppError.invalidField('group_id', 'tickets.chooseGroup');
  return { group_id: first.group.id, sub_group_id: first.subgroups[0]?.id ?? null };
}

/** The title of a ticket opened by `text`: its first characters on one line. */
function titleOf(text: string): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, TITLE_LENGTH).join('').trim();
}

/**
 * Files the message as the number's customer (created as sign-in would create it), inside the
 * transaction `ctx.db` of the message's claim. `language` is the number's, for the answer.
 */
export async function fileInboundSms(
  ctx: SmsInboundContext,
  gateway: Actor,
  message: InboundSms,
  language: Language,
): Promise<InboundRecord> {
  // Accounts are product numbers: a mobile that is none has no account to file as (recorded as refused).
  if (!STORED_PRODUCT_NUMBER.test(message.from)) throw AppError.invalidField('from', 'channels.productNumberOnly');
  const { user } = await findOrCreateAccount(ctx.db, message.from, language);
  const issuer = actorOfAccount(user, gateway.ip);
  const cutNote = say(language, 'issuer.smsCutNote', { max: SMS_INBOUND_TEXT_MAX_LENGTH });
  const { text } = keptText(message.text, cutNote);
  const answered = await findTicketToAnswer(ctx.db, user.id, message.from, new Date(Date.now() - REOPEN_WITHIN_MS));
  if (answered) {
    const body = { ticket_id: answered.ticketId, message: text, is_internal: false, attachments: [], wait_for_customer: false };
    await addComment(ctx, issuer, body, gateway.ip, issuer.language, 'sms');
    return { outcome: 'comment', ticketId: answered.ticketId };
  }
  const ticket = await issueTicket(
    ctx,
    { kind: 'user', user: issuer, ip: gateway.ip, language: issuer.language },
    {
      title: titleOf(message.text),
      description: text,
      problematic_number: message.from,
      attachments: [],
      issuer_user_type: 'customer',
      ...(await inboundGroupOf(ctx.db, ctx.sms.inboundSubGroupId)),
    },
  );
  await insertOutboxMessages(ctx.db, [
    {
      channel: 'sms',
      kind: 'answer',
      recipient: message.from,
      body: ticketOpenedAnswer(ctx.tell.brandName, language, ticket.ticketId),
      ticketId: ticket.ticketId,
    },
  ]);
  return { outcome: 'ticket', ticketId: ticket.ticketId };
}
