/**
 * What the database alone does for the writes (DESIGN.md §10): the statements of a create ticket
 * and of an add comment, recorded on one connection while the server's own services run on the
 * corpus (the user read of authentication in front), then replayed by pgbench at the same
 * concurrency, with no Node.js in between.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '@switchboard/server/src/db/client.ts';
import type { Config } from '@switchboard/server/src/config.ts';
import type { Actor } from '@switchboard/server/src/plugins/auth.ts';
import { addComment } from '@switchboard/server/src/modules/comments/comments.service.ts';
import { alarmIncidentLinker } from '@switchboard/server/src/modules/incidents/alarm-incident-links.ts';
import { issueTicket, presentNewTicket } from '@switchboard/server/src/modules/tickets/tickets.service.ts';
import { findLiveUserById } from '@switchboard/server/src/modules/users/users.repository.ts';
import { replayingDb } from './list-sql.ts';
import type { LoadOptions, Measurement, SqlStatement } from './load.ts';
import { createTicketBody, addCommentBody, type CorpusSample } from './scenarios.ts';

/**
 * Distinct requests recorded per write (each a pgbench script, picked at random per transaction):
 * as many as pgbench takes. A comment locks its ticket's row, so the clients need as many tickets
 * as this not to queue on a few rows' locks, which the API's random tickets never do.
 */
const VARIANTS = 128;

/** Runs `work` on a drizzle database over one connection, writing down every statement it sends. */
async function recordOn(databaseUrl: string, work: (db: Db) => Promise<unknown>): Promise<SqlStatement[]> {
  const connection = new pg.Client({ connectionString: databaseUrl });
  await connection.connect();
  const recorded: SqlStatement[] = [];
  try {
    await work(replayingDb(connection, recorded));
    return recorded;
  } finally {
    await connection.end();
  }
}

async function actorOf(db: Db, id: string): Promise<Actor> {
  const row = await findLiveUserById(db, id);
  if (!row) throw new Error(`no live user ${id} in the corpus`);
  return {
    id: row.id,
    name: row.name,
    product_number: row.productNumber,
    user_type: row.userType,
    role: row.role,
    language: row.language,
    session: { tokenVersion: row.tokenVersion, expiresAt: Infinity },
    ip: '127.0.0.1',
    client: null,
  };
}

/** Only the attachments' addresses come from storage; these writes have none. */
const NO_STORAGE = { publicUrlOf: (key: string) => key, keyOfPublicUrl: () => null } as never;

/** The statements of VARIANTS create-ticket requests of the sample's writer, as the route sends them. */
export async function createTicketStatements(
  databaseUrl: string,
  sample: CorpusSample,
  config: Config,
): Promise<SqlStatement[][]> {
  const variants: SqlStatement[][] = [];
  for (let i = 0; i < VARIANTS; i += 1)
    variants.push(
      await recordOn(databaseUrl, async (db) => {
        const user = await actorOf(db, sample.writer.id);
        const ctx = { db, storage: NO_STORAGE, timezone: config.timezone, alarmIncidents: alarmIncidentLinker };
        const issuer = { kind: 'user' as const, user, ip: '127.0.0.1', language: 'en' as const };
        const ticket = await issueTicket(ctx, issuer, createTicketBody(sample, i));
        presentNewTicket(ctx, user, ticket);
      }),
    );
  return variants;
}

/** The statements of VARIANTS add-comment requests of the sample's staff member on random tickets. */
export async function addCommentStatements(databaseUrl: string, sample: CorpusSample, config: Config): Promise<SqlStatement[][]> {
  const variants: SqlStatement[][] = [];
  for (let i = 0; i < VARIANTS; i += 1)
    variants.push(
      await recordOn(databaseUrl, async (db) => {
        const author = await actorOf(db, sample.staff.id);
        const ctx = {
          db,
          storage: NO_STORAGE,
          timezone: config.timezone,
          tell: { ...config, outbox: { ring: () => undefined } },
        };
        await addComment(ctx, author, addCommentBody(sample, i), '127.0.0.1', 'en');
      }),
    );
  return variants;
}

/**
 * A string as an SQL literal for a pgbench script: pgbench reads `:name` as one of its variables
 * (`"internal":false` in a JSON parameter), so colons are written as the escape `\072`.
 */
function stringLiteral(value: string): string {
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll(':', '\\072')}'`;
}

/** A parameter written bare (no quotes), or null when it is a quoted literal. */
function bareOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return null;
}

/** The text of a quoted parameter. */
function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((item) => JSON.stringify(String(item))).join(',')}}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The id the server gave a request's new row (a comment's, made in Node.js): each pgbench
 * transaction needs one of its own. Its last 12 hex digits become the variable `:fresh`.
 */
const FRESH_ID_STATEMENT = /^(with "inserted" as \()?insert into "comments" \("id"/;
const FRESH_ID_VARIABLE = '\\set fresh 100000000000 + random(0, 899999999999)';

function freshIdOf(statements: SqlStatement[]): string | null {
  const insert = statements.find((statement) => FRESH_ID_STATEMENT.test(statement.text));
  return insert ? String(insert.params[0]) : null;
}

/** A parameter as an SQL literal (pgbench scripts take no parameters of their own), the fresh id as `:fresh`. */
function literalOf(value: unknown, freshId: string | null): string {
  const bare = bareOf(value);
  if (bare !== null) return bare;
  const text = textOf(value);
  if (!freshId || !text.includes(freshId)) return stringLiteral(text);
  const fresh = `${stringLiteral(freshId.slice(0, -12))} || :fresh`;
  if (text === freshId) return `(${fresh})::uuid`;
  return `(${text.split(freshId).map(stringLiteral).join(` || ${fresh} || `)})`;
}

/** One request's statements as a pgbench script. */
function scriptOf(statements: SqlStatement[]): string {
  const freshId = freshIdOf(statements);
  const lines = statements.map((statement) => {
    const text = statement.text.replace(/\$(\d+)/g, (_, index: string) =>
      literalOf(statement.params[Number(index) - 1], freshId),
    );
    return `${text.replace(/\s+/g, ' ')};`;
  });
  return `${[...(freshId ? [FRESH_ID_VARIABLE] : []), ...lines].join('\n')}\n`;
}

function runPgbench(databaseUrl: string, files: string[], connections: number, seconds: number): string {
  const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(seconds)];
  const result = spawnSync('pgbench', [...args, ...files.flatMap((file) => ['-f', file]), databaseUrl], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

/**
 * The requests' statements by pgbench at the same concurrency, after a warm-up: transactions per
 * second, and the average latency (pgbench gives no percentiles without a per-transaction log).
 */
export function measurePgbench(databaseUrl: string, name: string, variants: SqlStatement[][], options: LoadOptions): Measurement {
  const folder = mkdtempSync(path.join(tmpdir(), 'switchboard-pgbench-'));
  try {
    const files = variants.map((statements, index) => {
      const file = path.join(folder, `${index}.sql`);
      writeFileSync(file, scriptOf(statements));
      return file;
    });
    runPgbench(databaseUrl, files, options.connections, Math.min(2, Math.max(1, Math.round(options.seconds / 3))));
    const output = runPgbench(databaseUrl, files, options.connections, options.seconds);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? Number.NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    return {
      name: `${name} (pgbench)`,
      kind: 'sql',
      requestsPerSecond: tps,
      p50: latency,
      p95: Number.NaN,
      p99: Number.NaN,
      errors: failed,
      requests: Math.round(tps * options.seconds),
      statuses: {},
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
