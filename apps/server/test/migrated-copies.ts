/**
 * A suite's database starts as a copy of one migrated database instead of being created and
 * migrated anew: a fresh PGlite runs initdb and the migrations (about 4–5 s on two cores), loading
 * a dump of a migrated one takes about 1 s; on server PostgreSQL a copy of a template skips the
 * migrations. There is one migrated database per version of the schema, named by a hash of the
 * migrations and rule files: a changed migration or rule makes a new one, and the run that makes it
 * drops the older ones. Tests of the migrations themselves still start from an empty database
 * (createEmptyDatabase).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.ts';
import { RULE_FILES } from '../src/db/rule-files.ts';

const PGLITE_IMAGE_PREFIX = 'switchboard-test-pglite-';
const TEMPLATE_PREFIX = 'switchboard_test_template_';
/** Held while the template is looked for and made, so that two test processes make it once. */
const TEMPLATE_LOCK = 7_102_026_901;

/** The schema's version: every migration, the migrations' journal and every rule file. */
function schemaVersion(): string {
  const hash = createHash('sha256');
  const migrations = readdirSync(MIGRATIONS_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => path.join(MIGRATIONS_FOLDER, name));
  for (const file of [...migrations, path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), ...RULE_FILES]) {
    hash.update(file.slice(file.lastIndexOf('/'))).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteImage: Promise<Blob> | undefined;

/** A dump of a migrated PGlite, kept in the system's temporary folder for the runs that follow. */
export function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= readOrMakePgliteImage();
  return pgliteImage;
}

async function readOrMakePgliteImage(): Promise<Blob> {
  const file = path.join(tmpdir(), `${PGLITE_IMAGE_PREFIX}${schemaVersion()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir: null });
  const pglite = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const image = await pglite.dumpDataDir('none');
  await database.close();
  // Written whole under another name first: a process reading it meanwhile never sees half a dump.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  renameSync(partial, file);
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(PGLITE_IMAGE_PREFIX) && path.join(tmpdir(), name) !== file && name.endsWith('.tar')) {
      rmSync(path.join(tmpdir(), name), { force: true });
    }
  }
  return image;
}

/** The name of a migrated database on the `adminUrl` server to copy (CREATE DATABASE … TEMPLATE); made when missing. */
export async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${schemaVersion()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await makeTemplate(admin, adminUrl, name);
    return name;
  } finally {
    await admin.end();
  }
}

async function makeTemplate(admin: pg.Client, adminUrl: string, name: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
    `${TEMPLATE_PREFIX}%`,
  ]);
  for (const older of rows) await admin.query(`drop database if exists ${older.datname} with (force)`);
  // Migrated under another name and renamed when done: an interrupted run leaves no half template.
  const building = `${name}_building`;
  await admin.query(`drop database if exists ${building} with (force)`);
  await admin.query(`create database ${building}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ url: url.toString() });
  await database.close();
  await waitForNoConnections(admin, building);
  await admin.query(`alter database ${building} rename to ${name}`);
}

/** A pool's `end()` resolves before its sockets have closed: a copy or a rename needs them gone. */
export async function waitForNoConnections(client: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [database],
    );
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
