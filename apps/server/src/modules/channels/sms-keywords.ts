/**
 * The keywords of an inbound SMS (DESIGN.md §24): STATUS answers with the number's open tickets and
 * any known outage of its area; STOP and START opt the number out of outage broadcasts and back
 * in, acknowledged once. A keyword only ever reads or changes the sender's own number.
 */
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { activeIncidentOfArea } from '../incidents/area-incidents.repository.ts';
import { insertOutboxMessages } from '../notifications/notifications.repository.ts';
import { setSubscriberOptedOut } from '../subscribers/subscribers.repository.ts';
import { listUnsolvedTicketsOfIssuer } from '../tickets/issuer-tickets.repository.ts';
import { findLiveUserByNumber } from '../users/users.repository.ts';
import { optOutAnswer, statusAnswer, STATUS_TICKETS_SHOWN, type SmsKeyword } from './sms-answers.ts';
import type { InboundSms } from './sms-callbacks.ts';
import type { SmsInboundContext, SmsSender } from './sms-inbound.service.ts';
import type { InboundRecord } from './sms-inbound.repository.ts';

async function answer(ctx: SmsInboundContext, to: string, body: string): Promise<void> {
  await insertOutboxMessages(ctx.db, [{ channel: 'sms', kind: 'answer', recipient: to, body, ticketId: null }]);
}

async function answerStatus(ctx: SmsInboundContext, sender: SmsSender): Promise<void> {
  const account = await findLiveUserByNumber(ctx.db, sender.number);
  const tickets = account ? await listUnsolvedTicketsOfIssuer(ctx.db, account.id, sender.number, STATUS_TICKETS_SHOWN) : [];
  // As the status by number (modules/outages): a suspended subscriber's area is not told.
  const area = sender.subscriber?.status === 'active' ? sender.subscriber.areaCode : null;
  const outage = area ? await activeIncidentOfArea(ctx.db, area) : undefined;
  const facts = { tickets, outageSince: outage?.createdAt ?? null };
  await answer(ctx, sender.number, statusAnswer(ctx.tell.brandName, sender.language, ctx.timezone, facts));
}

/** STOP or START: the row changes once, and only a change is audited and acknowledged. */
async function optOutOrIn(
  ctx: SmsInboundContext,
  gateway: Actor,
  message: InboundSms,
  sender: SmsSender,
  keyword: 'stop' | 'start',
) {
  const changed = await setSubscriberOptedOut(ctx.db, sender.number, keyword === 'stop');
  if (!changed) return;
  await insertAuditEntry(ctx.db, {
    actorUserId: gateway.id,
    action: keyword === 'stop' ? 'subscriber.opt_out' : 'subscriber.opt_in',
    target: `subscriber:${sender.number}`,
    ip: gateway.ip,
    details: { channel: 'sms', message_id: message.id },
  });
  await answer(ctx, sender.number, optOutAnswer(ctx.tell.brandName, sender.language, keyword));
}

/** Does what the keyword asks, in the transaction `ctx.db` of the message's claim. */
export async function actOnKeyword(
  ctx: SmsInboundContext,
  gateway: Actor,
  message: InboundSms,
  sender: SmsSender,
  keyword: SmsKeyword,
): Promise<InboundRecord> {
  if (keyword === 'status') await answerStatus(ctx, sender);
  else await optOutOrIn(ctx, gateway, message, sender, keyword);
  return { outcome: keyword, ticketId: null };
}
