/**
 * Delivery reports of the SMS gateway (DESIGN.md §24): what became of a message the outbox sent,
 * by its reference `outbox-<id>`. A broadcast's progress shows its delivered count; the admins'
 * Failed list shows what was reported undelivered.
 */
import type { SmsCallbackFields, SmsDeliveryReply } from '@switchboard/shared';
import type { ChannelsConfig } from '../../config-channels.ts';
import type { Db } from '../../db/client.ts';
import { recordDeliveryReport } from '../notifications/notifications.repository.ts';
import { readDeliveryReport } from './sms-callbacks.ts';

export interface SmsDeliveryContext {
  db: Db;
  sms: ChannelsConfig['sms'];
  /** Tells staff's screens of a broadcast's changed progress, throttled (the broadcast sender's). */
  broadcastProgress: (broadcastId: string, incidentId: number) => void;
}

/** Records one report; `unknown` (not an error: the gateway must not retry) when the reference is none of ours. */
export async function takeDeliveryReport(ctx: SmsDeliveryContext, fields: SmsCallbackFields): Promise<SmsDeliveryReply['data']> {
  const report = readDeliveryReport(ctx.sms, fields);
  if (!report.outboxId) return { outcome: 'unknown' };
  const recorded = await recordDeliveryReport(ctx.db, report.outboxId, report.status);
  if (!recorded) return { outcome: 'unknown' };
  if (recorded.changed && recorded.broadcastId && recorded.incidentId !== null)
    ctx.broadcastProgress(recorded.broadcastId, recorded.incidentId);
  return { outcome: 'recorded' };
}
