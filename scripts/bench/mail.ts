/**
 * The e-mail row of DESIGN.md §24's budget: 50 e-mails a second parsed and filed. MAIL_ROWS
 * customers' mails (each a new ticket: a quoted history to cut, a number to find) are put into a
 * throwaway Dovecot's INBOX first; then a desk process reading that mailbox is started, and the
 * time from the first mail recorded in inbound_messages to the last is the row's. Its tickets are removed by
 * the next run's clean-up, as every other write of the bench.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { startDovecot } from '@switchboard/server/test/peers/dovecot-peer.ts';
import type { Bulk } from './outages.ts';
import type { Measurement } from './load.ts';
import { startServer } from './processes.ts';

/** DESIGN.md §24: e-mails a second, parsed and filed. */
export const MAILS_PER_SECOND = 50;
const MAIL_ROWS = 1000;
const SENDER_DOMAIN = 'bench-mail.example';
const TIMEOUT_MS = 5 * 60_000;

function benchMail(index: number): string {
  const text = [
    `My internet has been down since the morning (mail ${index}).`,
    'Please call me on 01711234567.',
    '',
    'On Fri, 27 Nov 2026 at 10:00, ISP Support <desk@isp.example> wrote:',
    '> We received your ticket',
  ].join('\r\n');
  return [
    `From: Customer ${index} <customer-${index}-${randomUUID().slice(0, 8)}@${SENDER_DOMAIN}>`,
    'To: ISP Support <desk@isp.example>',
    `Subject: No internet (${index})`,
    `Message-ID: <${randomUUID()}@${SENDER_DOMAIN}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

/** The bench's mails recorded after the row `afterId`: how many, and the seconds from the first to the last. */
async function taken(pool: pg.Pool, afterId: number): Promise<{ count: number; seconds: number }> {
  const { rows } = await pool.query<{ n: number; seconds: number | null }>(
    `select count(*)::int as n, extract(epoch from max(received_at) - min(received_at))::float8 as seconds
     from inbound_messages where channel = 'email' and id > $1 and sender like $2`,
    [afterId, `%@${SENDER_DOMAIN}`],
  );
  return { count: rows[0]?.n ?? 0, seconds: rows[0]?.seconds ?? 0 };
}

async function lastInboundId(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: string | null }>('select max(id) as id from inbound_messages');
  return Number(rows[0]?.id ?? 0);
}

/** The mailbox filled, a reading desk started, and the seconds until every mail was filed. */
export async function measureMail(databaseUrl: string, pool: pg.Pool): Promise<{ api: Measurement; bulk: Bulk }> {
  const dovecot = await startDovecot();
  try {
    for (let index = 0; index < MAIL_ROWS; index += 1) await dovecot.append(benchMail(index));
    const afterId = await lastInboundId(pool);
    // Every bench mail is a customer's first (no per-sender limit is reached); without SMTP_URL no receipt is written.
    const reader = await startServer(databaseUrl, { IMAP_URL: dovecot.url });
    try {
      const started = performance.now();
      while ((await taken(pool, afterId)).count < MAIL_ROWS) {
        if (performance.now() - started > TIMEOUT_MS) throw new Error(`the mails were not filed within ${TIMEOUT_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // From the first mail recorded to the last, by the database's clock: the process's start is not the reader's work.
      const { seconds } = await taken(pool, afterId);
      const ms = seconds * 1000;
      const name = `mail: ${MAIL_ROWS.toLocaleString('en')} e-mails parsed and filed`;
      const api: Measurement = {
        name,
        kind: 'api',
        requestsPerSecond: MAIL_ROWS / seconds,
        p50: ms,
        p95: ms,
        p99: ms,
        errors: 0,
        requests: 1,
        statuses: {},
      };
      return { api, bulk: { rows: MAIL_ROWS, seconds } };
    } finally {
      await reader.stop();
    }
  } finally {
    await dovecot.stop();
  }
}
