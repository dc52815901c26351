/**
 * The admins' view of the two-way channels (DESIGN.md §24): for inbound SMS, delivery reports and
 * inbound e-mail, whether each is set up, whether the mail worker is connected, what came in last
 * and in the last day, and the channel's last error.
 */
import { AppError, CHANNEL_NAMES, canSeeChannels, type ChannelName, type ChannelStatus } from '@switchboard/shared';
import type { ChannelsConfig } from '../../config-channels.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  hasLiveInboundClient,
  listChannelStates,
  summarizeDeliveryReports,
  summarizeInbound,
  type ChannelStateRow,
  type TakenSummary,
} from './channel-status.repository.ts';

/** The mail worker notes its session at least this often while it is alive; older means not connected. */
export const MAIL_SESSION_FRESH_MS = 2 * 60 * 1000;

export function assertCanSeeChannels(actor: Actor): void {
  if (!canSeeChannels(actor) || actor.client) throw new AppError('forbidden', 'channels.adminsOnly');
}

function present(
  channel: ChannelName,
  configured: boolean,
  connected: boolean | null,
  taken: TakenSummary,
  state: ChannelStateRow | undefined,
): ChannelStatus {
  return {
    channel,
    configured,
    connected,
    last_taken_at: taken.lastAt?.toISOString() ?? null,
    last_outcome: taken.lastOutcome,
    taken_last_day: taken.lastDay,
    last_error: state?.lastError ?? null,
    last_error_at: state?.lastErrorAt?.toISOString() ?? null,
  };
}

/** Each channel of CHANNEL_NAMES, in that order (admins). */
export async function listChannelStatuses(
  db: Db,
  actor: Actor,
  config: ChannelsConfig,
  now = new Date(),
): Promise<ChannelStatus[]> {
  assertCanSeeChannels(actor);
  const [smsSetUp, states, smsTaken, reports, mailTaken] = await Promise.all([
    hasLiveInboundClient(db),
    listChannelStates(db),
    summarizeInbound(db, 'sms'),
    summarizeDeliveryReports(db),
    summarizeInbound(db, 'email'),
  ]);
  const mailSeenAt = states.get('email_inbound')?.seenAt;
  const mailConnected =
    mailSeenAt !== undefined && mailSeenAt !== null && now.getTime() - mailSeenAt.getTime() <= MAIL_SESSION_FRESH_MS;
  const byChannel: Record<ChannelName, ChannelStatus> = {
    sms_inbound: present('sms_inbound', smsSetUp, null, smsTaken, states.get('sms_inbound')),
    sms_delivery: present('sms_delivery', smsSetUp, null, reports, states.get('sms_delivery')),
    email_inbound: present('email_inbound', config.mail.imap !== null, mailConnected, mailTaken, states.get('email_inbound')),
  };
  return CHANNEL_NAMES.map((channel) => byChannel[channel]);
}
