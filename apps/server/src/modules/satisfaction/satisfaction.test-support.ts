/** Calls and database reads shared by the satisfaction tests. */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { areas, auditLog, outboxMessages, ratingQuestions, subscribers, ticketRatings } from '../../db/schema.ts';

export type Headers = Record<string, string>;

/** `minutes` from now: the worker's clock once the delay has passed. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

export function ratingCalls(app: FastifyInstance) {
  const post = (url: string, payload: Record<string, unknown>, remoteAddress = '198.51.100.7') =>
    app.inject({ method: 'POST', url: `/api/v1/public/ratings${url}`, payload, remoteAddress });
  return {
    resolve: (headers: Headers, ticketId: number) =>
      app.inject({ method: 'POST', url: '/api/v1/tickets/resolve-ticket', headers, payload: { ticket_id: ticketId } }),
    rate: (token: string, score: number, remoteAddress?: string) => post('', { token, score }, remoteAddress),
    comment: (token: string, comment: string) => post('/comment', { token, comment }),
  };
}

export async function questionOf(db: Db, ticketId: number) {
  const [row] = await db.select().from(ratingQuestions).where(eq(ratingQuestions.ticketId, ticketId));
  return row;
}

export async function ratingOf(db: Db, ticketId: number) {
  const [row] = await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId));
  return row;
}

/** The satisfaction questions of a ticket in the outbox, SMS first. */
export function surveysOf(db: Db, ticketId: number) {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.ticketId, ticketId), eq(outboxMessages.kind, 'survey')))
    .orderBy(asc(outboxMessages.channel));
}

export function rateAuditOf(db: Db, ticketId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'ticket.rate'), eq(auditLog.target, `ticket:${ticketId}`)));
}

/** The number as a subscriber who answered STOP. */
export async function optOut(db: Db, number: string): Promise<void> {
  await db.insert(areas).values({ code: 'CSAT-1', nameEn: 'Area', nameBn: 'এলাকা' }).onConflictDoNothing();
  await db
    .insert(subscribers)
    .values({ number, name: 'Opted out', areaCode: 'CSAT-1', plan: 'Home 20', status: 'active', optedOutAt: new Date() });
}

/** The five links of a survey mail, in order, and their one token. */
export function linksOf(raw: string): { links: string[]; token: string } {
  // Quoted-printable mail may fold long lines with `=` and encode `=` as `=3D`.
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const links = [...text.matchAll(/https:\/\/desk\.example\/rate\?t=([\w.%-]+)&s=(\d)/g)];
  const token = decodeURIComponent(links[0]?.[1] ?? '');
  return { links: links.map((match) => `${match[2]}`), token };
}
