/**
 * Backup and restore as docs/deployment.md tells it: `pg_dump` of the live database, `pg_restore`
 * into a fresh one, and a process on the copy serves every ticket, comment and attachment.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScenarioResult } from '../faults/report.ts';
import { withClient, type Seed } from '../faults/seed.ts';
import { call, startServer, type ServerProcess } from '../faults/server-process.ts';
import { firstAttachmentOf } from './across-processes.ts';
import { createDatabase } from './infrastructure.ts';

/** One fingerprint of what users wrote: every ticket, comment and attachment reference, in order. */
const FINGERPRINT = `
  select (select count(*) from tickets)::int as tickets,
         (select count(*) from comments)::int as comments,
         (select count(*) from uploads where used_by is not null)::int as attachments,
         md5(coalesce((select string_agg(concat_ws('|', ticket_id, title, description, attachments::text, ticket_status), ',' order by ticket_id) from tickets), '')
           || coalesce((select string_agg(concat_ws('|', id, ticket_id, message, attachments::text), ',' order by id) from comments), '')
           || coalesce((select string_agg(concat_ws('|', key, used_by), ',' order by key) from uploads), '')) as digest`;

interface Fingerprint {
  tickets: number;
  comments: number;
  attachments: number;
  digest: string;
}

const fingerprintOf = (url: string) => withClient(url, async (client) => (await client.query<Fingerprint>(FINGERPRINT)).rows[0]);

export async function backupAndRestore(adminUrl: string, source: ServerProcess, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  const sourceUrl = source.env.DATABASE_URL ?? '';
  const folder = mkdtempSync(path.join(tmpdir(), 'switchboard-cluster-backup-'));
  const dump = path.join(folder, 'switchboard.dump');
  const copy = await createDatabase(adminUrl, 'switchboard_restored');
  let restored: ServerProcess | null = null;
  try {
    // The commands of docs/deployment.md, "Backup and restore".
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, sourceUrl]);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${copy.url}`, dump]);
    const before = await fingerprintOf(sourceUrl);
    const after = await fingerprintOf(copy.url);
    if (JSON.stringify(before) !== JSON.stringify(after))
      problems.push(`the copy differs: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);

    // A process of the same deployment (secret, bucket) started on the copy.
    const own = new Set(['PORT', 'METRICS_PORT', 'DATA_DIR', 'DATABASE_URL']);
    const settings = Object.fromEntries(Object.entries(source.env).filter(([name]) => !own.has(name)));
    restored = await startServer(copy.url, settings);
    const ticket = await withClient(copy.url, async (client) => {
      const { rows } = await client.query<{ ticket_id: string }>(
        "select ticket_id from tickets where attachments <> '[]'::jsonb and issuer_user_id = $1 order by ticket_id limit 1",
        [seeded.customer.id],
      );
      return rows[0]?.ticket_id;
    });
    const reply = await call(`${restored.url}/api/v1/tickets/get-ticket-by-id/${ticket}`, { token: seeded.customer.token });
    const address = reply.status === 200 ? firstAttachmentOf(reply.body) : undefined;
    const image = address ? await fetch(new URL(address, restored.url)) : null;
    if (!image?.ok)
      problems.push(`the restored process served ticket ${ticket} with ${reply.status}, its image with ${image?.status}`);
    return {
      name: 'pg_dump → restore → a process serves it',
      facts: { tickets: after?.tickets ?? 0, comments: after?.comments ?? 0, attachments: after?.attachments ?? 0 },
      problems,
    };
  } finally {
    await restored?.stop();
    await copy.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
