/**
 * Measures a report over many tickets on a PostgreSQL server: seconds and peak memory of the
 * report service itself, without HTTP. Three steps, each its own process so that the peak memory
 * of `run` is the report's alone:
 *
 *   npx node apps/server/src/modules/reports/measure-report.ts fill [tickets]   (default 200000)
 *   npx node apps/server/src/modules/reports/measure-report.ts run
 *   npx node apps/server/src/modules/reports/measure-report.ts drop
 *
 * ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the
 * scratch database is `switchboard_report_scale`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { reportBodySchema } from '@switchboard/shared';
import { openDatabase } from '../../db/client.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { createProviderClock } from './provider-clock.ts';
import { generateReport } from './reports.service.ts';

const SCRATCH = 'switchboard_report_scale';
const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratchUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${SCRATCH}`;
  return url.toString();
})();

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function fill(tickets: number): Promise<void> {
  await admin(`drop database if exists ${SCRATCH} with (force)`);
  await admin(`create database ${SCRATCH}`);
  const database = await openDatabase({ url: scratchUrl });
  const started = performance.now();
  await database.db.execute(sql`
    insert into users (name, product_number, phone_number, user_type, role)
    select 'User ' || i, '88096' || lpad(i::text, 8, '0'), '8801' || lpad(i::text, 9, '0'),
           case when i % 2 = 0 then 'agent' else 'customer' end, 'user'
    from generate_series(1, 1000) i`);
  await database.db.execute(sql`insert into groups (group_name) select 'Group ' || g from generate_series(1, 8) g`);
  // Tickets two minutes apart, ending yesterday: ids follow the creation order as on a live desk.
  await database.db.execute(sql`
    with u as (select array_agg(id order by name) ids, array_agg(product_number order by name) nums,
                      array_agg(user_type order by name) types from users),
         g as (select array_agg(id order by group_name) ids, array_agg(group_name order by group_name) names from groups)
    insert into tickets (title, description, problematic_number, issued_to, issuer_user_id, issuer_number,
                         issuer_user_type, ticket_status, group_id, group_name, created_at, updated_at, resolved_at)
    select 'Internet is slow at ticket ' || i, repeat('The connection drops every evening. ', 1 + i % 8),
           '8801' || lpad((i % 1000000000)::text, 9, '0'), (array['cc', 'rs', 'iptsp', 'oss-bss'])[1 + i % 4],
           u.ids[1 + i % 1000], u.nums[1 + i % 1000], u.types[1 + i % 1000],
           (array['open', 'in_progress', 'closed'])[1 + i % 3], g.ids[1 + i % 8], g.names[1 + i % 8],
           c.at, c.at, case when i % 3 = 2 then c.at + (1 + i % 48) * interval '1 hour' end
    from generate_series(1, ${tickets}::int) i, u, g,
         lateral (select now() - interval '1 day' - (${tickets}::int - i) * interval '2 minutes' as at) c`);
  await database.db.execute(sql`
    insert into comments (ticket_id, commenter_name, commenter_user_type, message, is_internal, created_at)
    select t.ticket_id, 'Staff', 'cc', 'We are looking into it.', k % 2 = 0, t.created_at + k * interval '10 minutes'
    from tickets t, generate_series(1, 2) k`);
  await database.db.execute(sql`
    insert into forward_events (ticket_id, previously_issued_to, newly_issued_to, forward_cause, forwarded_by_name, created_at)
    select ticket_id, 'cc', 'iptsp', 'Needs the network team', 'Staff', created_at + interval '1 hour'
    from tickets where ticket_id % 2 = 0
    union all
    select ticket_id, 'iptsp', 'rs', 'Billing question', 'Staff', created_at + interval '2 hours'
    from tickets where ticket_id % 6 = 0`);
  await database.db.execute(sql`analyze`);
  const counts = await database.db.execute(sql`
    select (select count(*) from tickets) tickets, (select count(*) from comments) comments,
           (select count(*) from forward_events) forwards`);
  console.log('filled in', ((performance.now() - started) / 1000).toFixed(1), 's:', (counts as { rows: unknown[] }).rows[0]);
  await database.close();
}

async function run(): Promise<void> {
  const database = await openDatabase({ url: scratchUrl });
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-report-scale-'));
  const storage = createLocalStorage({ dir, secret: 'x'.repeat(32), publicUrl: undefined });
  const timezone = 'Asia/Dhaka';
  const today = createProviderClock(timezone).dayOf(new Date());
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - 399 * 24 * 3600_000).toISOString().slice(0, 10);
  const body = reportBodySchema.parse({ start_date: `${first}T00:00:00+06:00`, end_date: `${today}T23:59:59+06:00` });

  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  let samples = 0;
  const baseline = process.memoryUsage();
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
    samples++;
  }, 20);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const { public_url } = await generateReport(
    { db: database.db, storage, timezone, brandName: 'Switchboard', links: { secret: 'x'.repeat(32), publicUrl: undefined } },
    // A measuring run is nobody's: its audit row names no real account.
    { id: randomUUID(), user_type: 'cc' },
    body,
    '127.0.0.1',
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const key = new URL(public_url, 'http://x').pathname.replace('/storage/', '');
  const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `report of ${first}..${today}: ${seconds.toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU in this process), peak RSS ${megabytes(peakRss)} MB ` +
      `(before: ${megabytes(baseline.rss)} MB), peak heap ${megabytes(peakHeap)} MB (before: ${megabytes(baseline.heapUsed)} MB, ` +
      `${samples} samples), ` +
      `file ${megabytes(statSync(path.join(dir, ...key.split('/'))).size)} MB`,
  );
  rmSync(dir, { recursive: true, force: true });
  await database.close();
}

const [command, count] = process.argv.slice(2);
if (command === 'fill') await fill(Number(count ?? 200_000));
else if (command === 'run') await run();
else if (command === 'drop') await admin(`drop database if exists ${SCRATCH} with (force)`);
else console.log('usage: measure-report.ts fill [tickets] | run | drop');
