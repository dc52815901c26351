/** What staff read of the messages to issuers: a ticket's messages, and the failures for admins. */
import {
  AppError,
  canSeeIssuerNotifications,
  canSeeNotificationFailures,
  PAGE_SIZE,
  type FailedNotificationsReply,
  type TicketNotification,
  type TicketNotificationsReply,
  type Viewer,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { pageLinks } from '../../lib/pages.ts';
import { listFailedMessagesPage, listTicketMessagesPage, type OutboxRow } from './notifications.repository.ts';

export interface NotificationsContext {
  db: Db;
  /** The ticket as the viewer may see it (404 otherwise): the desk's lookup, handed in. */
  findTicket(ctx: { db: Db }, viewer: Actor, ticketId: number): Promise<{ ticketId: number }>;
}

/** Staff only: the issuer knows what reached them, and the other side of a ticket is not theirs to read. */
export function assertCanSeeIssuerNotifications(viewer: Actor): void {
  if (!canSeeIssuerNotifications(viewer)) throw new AppError('forbidden', 'notifications.staffOnly');
}

export function assertCanSeeNotificationFailures(viewer: Actor): void {
  if (!canSeeNotificationFailures(viewer)) throw new AppError('forbidden', 'notifications.adminsOnly');
}

function presentTicketMessage(viewer: Viewer, row: OutboxRow): TicketNotification {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    // The gateway's or mail server's words may name addresses and hosts: for admins only.
    last_error: canSeeNotificationFailures(viewer) ? row.lastError : null,
    delivery: row.delivery,
    delivery_at: row.deliveryAt?.toISOString() ?? null,
  };
}

/** A page (10, newest first) of what the issuer of a ticket was told; staff only (403 otherwise). */
export async function listTicketNotifications(
  ctx: NotificationsContext,
  viewer: Actor,
  ticketId: number,
  page: number,
): Promise<TicketNotificationsReply> {
  assertCanSeeIssuerNotifications(viewer);
  const ticket = await ctx.findTicket(ctx, viewer, ticketId);
  const { rows, total } = await listTicketMessagesPage(ctx.db, ticket.ticketId, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return { data: rows.map((row) => presentTicketMessage(viewer, row)), total, ...pageLinks(page, total) };
}

/** A page (10, newest first) of the messages that kept failing; admins only (403 otherwise). */
export async function listFailedNotifications(
  ctx: NotificationsContext,
  viewer: Actor,
  page: number,
): Promise<FailedNotificationsReply> {
  assertCanSeeNotificationFailures(viewer);
  const { rows, total } = await listFailedMessagesPage(ctx.db, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    data: rows.map((row) => ({
      id: row.id,
      ticket_id: row.ticketId,
      channel: row.channel,
      kind: row.kind,
      recipient: row.recipient,
      attempts: row.attempts,
      last_error: row.lastError,
      delivery: row.delivery,
      created_at: row.createdAt.toISOString(),
    })),
    total,
    ...pageLinks(page, total),
  };
}
