/** Areas, subscribers and calls shared by the broadcast tests (and the journey's seed). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { areas, auditLog, outboxMessages, smsPace } from '../../db/schema.ts';

type Headers = Record<string, string>;

export async function seedArea(db: Db, code: string, names: { en?: string; bn?: string } = {}): Promise<void> {
  await db
    .insert(areas)
    .values({ code, nameEn: names.en ?? `Area ${code}`, nameBn: names.bn ?? `এলাকা ${code}` })
    .onConflictDoNothing();
}

/**
 * `count` subscribers of the area, numbered from `first` (880 17 + eight digits), in one statement;
 * every third one speaks English.
 */
export async function seedSubscribers(
  db: Db,
  areaCode: string,
  count: number,
  options: { first?: number; status?: 'active' | 'suspended'; optedOut?: boolean } = {},
): Promise<string[]> {
  const first = options.first ?? 0;
  await db.execute(sql`
    insert into subscribers (number, name, area_code, plan, status, language, opted_out_at)
    select '88017' || lpad((${first}::int + n)::text, 8, '0'), 'Subscriber ' || n, ${areaCode}, 'Home 20',
      ${options.status ?? 'active'}, case when n % 3 = 0 then 'en' else 'bn' end,
      ${options.optedOut ? sql`now()` : sql`null`}
    from generate_series(0, ${count - 1}::int) as n`);
  return Array.from({ length: count }, (_, n) => `88017${String(first + n).padStart(8, '0')}`);
}

/** An empty bucket filled from now: a sender's rate is measured from a known start. */
export async function emptyPace(db: Db): Promise<void> {
  await db
    .update(smsPace)
    .set({ tokens: 0, filledAt: sql`clock_timestamp()` })
    .where(eq(smsPace.id, 1));
}

/** A broadcast's messages as stored: recipient, body and status. */
export async function messagesOf(db: Db, broadcastId: string) {
  return db
    .select({ recipient: outboxMessages.recipient, body: outboxMessages.body, status: outboxMessages.status })
    .from(outboxMessages)
    .where(eq(outboxMessages.broadcastId, broadcastId));
}

export async function broadcastAudit(db: Db, incidentId: number) {
  const rows = await db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.target, `incident:${incidentId}`), sql`${auditLog.action} like 'broadcast.%'`));
  return rows;
}

export function broadcastCalls(app: FastifyInstance) {
  const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    preview: (headers: Headers, id: number, kind: string) =>
      inject('GET', `/incidents/${id}/broadcasts/preview?kind=${kind}`, headers),
    create: (headers: Headers, id: number, body: Record<string, unknown>) =>
      inject('POST', `/incidents/${id}/broadcasts`, headers, body),
    list: (headers: Headers, id: number) => inject('GET', `/incidents/${id}/broadcasts`, headers),
    cancel: (headers: Headers, id: number, broadcastId: string) =>
      inject('POST', `/incidents/${id}/broadcasts/${broadcastId}/cancel`, headers),
    areas: (headers: Headers) => inject('GET', '/areas', headers),
  };
}

export const OUTAGE = {
  kind: 'outage',
  message_en: 'Fibre cut in your area; we are on it.',
  message_bn: 'আপনার এলাকায় ফাইবার কাটা; আমরা কাজ করছি।',
};

/** A loopback SMS gateway that notes when each message came, to whom and with which reference. */
export interface TimedGateway {
  url: string;
  received: { to: string; ref: string; at: number }[];
  close(): Promise<void>;
}

export async function startTimedGateway(): Promise<TimedGateway> {
  const received: TimedGateway['received'] = [];
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://gateway').searchParams;
    received.push({ to: query.get('to') ?? '', ref: query.get('ref') ?? '', at: performance.now() });
    response.writeHead(200).end('{"status":"sent"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?to={to}&text={text}&ref={id}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
