/**
 * A loopback SMS gateway's callbacks, over real HTTP to the app listening on a port: an inbound
 * message or a delivery report, as a query (GET), a form or JSON (POST), with the gateway's field
 * names of the default SMS_INBOUND_FIELDS and SMS_DELIVERY_FIELDS. Also the rows the tests read.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { SmsDeliveryReply, SmsInboundReply } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { comments, inboundMessages, outboxMessages, subscribers } from '../../db/schema.ts';

export type CallbackForm = 'get' | 'form' | 'json';

export interface CallbackAnswer<T> {
  status: number;
  body: T;
}

export interface GatewayPeer {
  /** An inbound SMS: `msisdn`, `text`, `message_id` (a new id unless given). */
  inbound(
    message: { from: string; text: string; id?: string },
    form?: CallbackForm,
  ): Promise<CallbackAnswer<SmsInboundReply & { message?: string; code?: string }>>;
  /** A delivery report: `reference`, `status`. */
  report(
    reference: string,
    status: string,
    form?: CallbackForm,
  ): Promise<CallbackAnswer<SmsDeliveryReply & { message?: string; code?: string }>>;
  /** Any fields to any callback path, with any headers. */
  call(path: string, fields: Record<string, string>, form: CallbackForm, headers?: Record<string, string>): Promise<Response>;
}

/** The gateway calling `baseUrl` with `headers` (a client's bearer, or none). */
export function gatewayPeer(baseUrl: string, headers: Record<string, string>): GatewayPeer {
  const call = (path: string, fields: Record<string, string>, form: CallbackForm, extra: Record<string, string> = {}) => {
    const url = `${baseUrl}/api/v1/channels/sms/${path}`;
    const all = { ...headers, ...extra };
    if (form === 'get') return fetch(`${url}?${new URLSearchParams(fields).toString()}`, { headers: all });
    const body = form === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields);
    const type = form === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
    return fetch(url, { method: 'POST', headers: { 'content-type': type, ...all }, body });
  };
  const answer = async <T>(response: Promise<Response>): Promise<CallbackAnswer<T>> => {
    const done = await response;
    return { status: done.status, body: (await done.json()) as T };
  };
  return {
    call,
    inbound: (message, form = 'json') =>
      answer(call('inbound', { msisdn: message.from, text: message.text, message_id: message.id ?? randomUUID() }, form)),
    report: (reference, status, form = 'json') => answer(call('delivery', { reference, status }, form)),
  };
}

/** The desk's answers to a number (outbox kind 'answer'), oldest first. */
export function answersTo(db: Db, number: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, number), eq(outboxMessages.kind, 'answer')))
    .orderBy(asc(outboxMessages.createdAt));
}

/** Every outbox message to a number, oldest first. */
export function messagesTo(db: Db, number: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, number)).orderBy(asc(outboxMessages.createdAt));
}

export function commentsOf(db: Db, ticketId: number) {
  return db.select().from(comments).where(eq(comments.ticketId, ticketId)).orderBy(asc(comments.createdAt));
}

export function inboundFrom(db: Db, number: string) {
  return db.select().from(inboundMessages).where(eq(inboundMessages.sender, number)).orderBy(asc(inboundMessages.id));
}

export async function optedOutAt(db: Db, number: string): Promise<Date | null | undefined> {
  const [row] = await db.select({ at: subscribers.optedOutAt }).from(subscribers).where(eq(subscribers.number, number));
  return row?.at;
}
