/**
 * Creates (or reuses) the benchmark database: the project's migrations, then the corpus of
 * corpus-sql.ts, skipped when a marker says this scale is already there.
 */
import pg from 'pg';
import { openDatabase } from '@switchboard/server/src/db/client.ts';
import {
  corpusSize,
  insertCommentsSql,
  insertForwardEventsSql,
  insertGroupsSql,
  insertStatusEventsSql,
  insertTagsSql,
  insertTicketsSql,
  insertUsersSql,
  type CorpusSize,
} from './corpus-sql.ts';

// forward_chain_members is filled by the triggers on forward_events (forward-chain.sql).
const FILLED_TABLES = [
  'users',
  'groups',
  'subgroups',
  'tickets',
  'comments',
  'forward_events',
  'forward_chain_members',
  'ticket_status_events',
  'ticket_tags',
  'ticket_terms',
  'ticket_words',
];
/** Tables whose secondary indexes and keys are dropped during the fill and built afterwards. */
const BULK_TABLES = ['users', 'tickets', 'comments', 'forward_events', 'ticket_status_events', 'ticket_words'];
/** The triggers that add the words of each new ticket and comment: the fill adds them all at the end, in slices. */
const WORD_TRIGGERS = [
  ['tickets', 'ticket_words_on_ticket_insert'],
  ['comments', 'ticket_words_on_comment_insert'],
] as const;
/** Tickets whose words one statement of the fill adds. */
const WORDS_SLICE = 20_000;
const THREE_YEARS_SECONDS = 3 * 365 * 24 * 3600;
/** Bump when corpus-sql.ts changes what it generates: a corpus of another version is filled anew. */
const CORPUS_VERSION = 7;

export interface Corpus {
  size: CorpusSize;
  filledAt: string;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ensureDatabaseExists(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the benchmark database name "${name}" must be a plain identifier`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      console.log(`creating database ${name}`);
      await client.query(`create database ${name}`);
    }
  });
}

/** Makes sure the database holds the corpus of `scale`, filling it when missing or of another scale. */
export async function prepareCorpus(url: string, scale: number): Promise<Corpus> {
  await ensureDatabaseExists(url);
  const database = await openDatabase({ url });
  await database.close();
  const size = corpusSize(scale);
  return withClient(url, async (client) => {
    await client.query(
      `create table if not exists bench_corpus (
         scale double precision not null, version integer not null, filled_at timestamptz not null, seconds double precision not null)`,
    );
    const marker = await client.query<{ scale: number; version: number; filled_at: Date }>(
      'select scale, version, filled_at from bench_corpus',
    );
    const existing = marker.rows[0];
    if (existing && existing.scale === scale && existing.version === CORPUS_VERSION) {
      console.log(`corpus of scale ${scale} already in place (filled ${existing.filled_at.toISOString()})`);
      return { size, filledAt: existing.filled_at.toISOString() };
    }
    const filledAt = await fillCorpus(client, size, scale);
    return { size, filledAt };
  });
}

async function fillCorpus(client: pg.Client, size: CorpusSize, scale: number): Promise<string> {
  const started = performance.now();
  const filledAt = new Date();
  const startIso = new Date(filledAt.getTime() - THREE_YEARS_SECONDS * 1000).toISOString();
  const backend = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  console.log(
    `filling a corpus of ${size.tickets.toLocaleString('en')} tickets, ${size.comments.toLocaleString('en')} comments, ` +
      `${size.users.toLocaleString('en')} users (PostgreSQL backend pid ${backend.rows[0]?.pid ?? '?'})`,
  );
  const step = async (title: string, sql: string) => {
    const t0 = performance.now();
    const result = await client.query(sql);
    console.log(`  ${title}: ${result.rowCount ?? 0} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  // One transaction: an interrupted fill leaves the database as it was, indexes included.
  await client.query('begin');
  try {
    // The machine is shared: one core for the fill, and room for the index builds.
    await client.query(`set local max_parallel_workers_per_gather = 0`);
    await client.query(`set local max_parallel_maintenance_workers = 0`);
    await client.query(`set local maintenance_work_mem = '512MB'`);
    await client.query(`set local work_mem = '64MB'`);
    await client.query(`truncate ${FILLED_TABLES.join(', ')}, bench_corpus cascade`);
    const rebuild = await dropIndexesAndKeys(client);
    for (const [table, trigger] of WORD_TRIGGERS) await client.query(`alter table ${table} disable trigger ${trigger}`);
    await step('users', insertUsersSql(size, startIso, THREE_YEARS_SECONDS));
    for (const sql of insertGroupsSql(startIso)) await step('groups', sql);
    await step('tickets', insertTicketsSql(size, startIso, THREE_YEARS_SECONDS));
    await step('comments', insertCommentsSql(size, startIso, THREE_YEARS_SECONDS));
    await step('forward events', insertForwardEventsSql(size, startIso, THREE_YEARS_SECONDS));
    await step('status events', insertStatusEventsSql());
    await step('tags', insertTagsSql());
    await client.query(`select setval(pg_get_serial_sequence('tickets', 'ticket_id'), (select max(ticket_id) from tickets))`);
    const t0 = performance.now();
    // The words are read from the tickets and their comments through those tables' indexes.
    const ofWords = (statement: string) => /\bticket_words\b/.test(statement);
    for (const statement of rebuild.filter((statement) => !ofWords(statement))) await client.query(statement);
    await addTicketWords(client, size);
    for (const statement of rebuild.filter(ofWords)) await client.query(statement);
    for (const [table, trigger] of WORD_TRIGGERS) await client.query(`alter table ${table} enable trigger ${trigger}`);
    console.log(`  indexes, keys and words: ${rebuild.length} built, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const seconds = (performance.now() - started) / 1000;
    await client.query('insert into bench_corpus (scale, version, filled_at, seconds) values ($1, $2, $3, $4)', [
      scale,
      CORPUS_VERSION,
      filledAt,
      seconds,
    ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  const t0 = performance.now();
  // Fresh statistics and a visibility map, as autovacuum would leave a long-running database.
  await client.query(`vacuum (analyze) ${FILLED_TABLES.join(', ')}`);
  console.log(`  vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`corpus filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return filledAt.toISOString();
}

/** The words of every ticket of the corpus (ticket-words.sql), a slice of tickets at a time. */
async function addTicketWords(client: pg.Client, size: CorpusSize): Promise<void> {
  const t0 = performance.now();
  for (let first = 100_001; first <= 100_000 + size.tickets; first += WORDS_SLICE) {
    await client.query(
      'select ticket_words_add_tickets(array(select ticket_id from tickets where ticket_id >= $1 and ticket_id < $2))',
      [first, first + WORDS_SLICE],
    );
  }
  const words = await client.query<{ count: string }>('select count(*) from ticket_words');
  console.log(`  ticket words: ${words.rows[0]?.count ?? 0} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The tables the benchmark's writes and the server's workers write to. */
const WRITTEN_TABLES = [
  'tickets',
  'comments',
  'forward_events',
  'forward_chain_members',
  'ticket_status_events',
  'outbox_messages',
  'audit_log',
  'uploads',
  'webhook_endpoints',
  'webhook_deliveries',
  'ticket_terms',
  'ticket_words',
];

/**
 * Removes what earlier benchmark runs wrote (tickets, comments, forwards, uploads created after the
 * fill) and vacuums, so every run starts from the same corpus: otherwise the newest tickets (the
 * first page of every list) would all be benchmark tickets of one customer.
 */
export async function removeBenchmarkWrites(url: string, corpus: Corpus): Promise<void> {
  await withClient(url, async (client) => {
    const lastCorpusTicket = 100_000 + corpus.size.tickets;
    const filledAt = corpus.filledAt;
    const removed = await client.query<{ comments: number; forwards: number }>(
      `with c as (delete from comments where created_at > $1 or ticket_id > $2 returning 1),
            f as (delete from forward_events where created_at > $1 or ticket_id > $2 returning 1),
            s as (delete from ticket_status_events where created_at > $1 or ticket_id > $2 returning 1),
            o as (delete from outbox_messages where created_at > $1 or ticket_id > $2 returning 1),
            i as (delete from inbound_messages where received_at > $1 or ticket_id > $2 returning 1),
            u as (delete from uploads where created_at > $1 returning 1)
       select (select count(*)::int from c) as comments, (select count(*)::int from f) as forwards`,
      [filledAt, lastCorpusTicket],
    );
    const tickets = await client.query('delete from tickets where ticket_id > $1', [lastCorpusTicket]);
    const row = removed.rows[0];
    if ((tickets.rowCount ?? 0) > 0 || (row?.comments ?? 0) > 0)
      console.log(`removed ${tickets.rowCount ?? 0} tickets and ${row?.comments ?? 0} comments of earlier runs`);
    // Every table a run writes, whatever was removed: the outbox worker's updates leave dead rows
    // too, and a database without autovacuum would keep them (and its queue scans) for ever.
    await client.query(`vacuum (analyze) ${WRITTEN_TABLES.join(', ')}`);
  });
}

/**
 * Drops the secondary indexes, the foreign keys and the random-uuid primary keys of the bulk
 * tables and returns the statements that rebuild them: building an index once by sorting is many
 * times faster than maintaining it through millions of inserts.
 */
async function dropIndexesAndKeys(client: pg.Client): Promise<string[]> {
  const tables = BULK_TABLES.map((name) => `'${name}'`).join(', ');
  const keys = await client.query<{ table_name: string; name: string; definition: string; type: string }>(`
    select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition, c.contype as type
    from pg_constraint c
    where c.conrelid::regclass::text in (${tables})
      and (c.contype = 'f' or (c.contype = 'p' and c.conrelid::regclass::text in ('comments', 'forward_events', 'ticket_status_events', 'ticket_words')))`);
  const indexes = await client.query<{ indexname: string; indexdef: string }>(`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${tables})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  const foreignKeys = keys.rows.filter((key) => key.type === 'f');
  const primaryKeys = keys.rows.filter((key) => key.type === 'p');
  for (const key of [...foreignKeys, ...primaryKeys])
    await client.query(`alter table ${key.table_name} drop constraint ${key.name}`);
  for (const index of indexes.rows) await client.query(`drop index ${index.indexname}`);
  return [
    ...primaryKeys.map((key) => `alter table ${key.table_name} add constraint ${key.name} ${key.definition}`),
    ...indexes.rows.map((index) => index.indexdef),
    ...foreignKeys.map((key) => `alter table ${key.table_name} add constraint ${key.name} ${key.definition}`),
  ];
}
