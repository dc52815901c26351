/**
 * Every rule inside PostgreSQL has its current text in a rule file (rule-files.ts): the functions
 * and triggers of a database the desk opened are exactly the ones its rule files create on a
 * database where the migrations' copies were dropped first. A rule that lives only in a migration,
 * a file's rule that was removed but stays in the database, or a file that is never applied all
 * show up as a difference.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type Database, type Db } from './client.ts';
import { applyRuleFiles, RULE_FILES, ruleStatementsOf } from './rule-files.ts';
import { openEmptyDatabase } from '../../test/migration-support.ts';
import { createEmptyDatabase, databaseKinds, openTestDatabase } from '../../test/test-databases.ts';

interface Rule {
  name: string;
  definition: string;
}

/** Both drivers answer `execute` with `{ rows }`. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The functions of the desk's schema (not an extension's), as PostgreSQL prints them. */
function functionsOf(db: Db): Promise<Rule[]> {
  return rowsOf<Rule>(
    db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by p.proname`,
  );
}

/** The triggers on the desk's tables (not the ones behind foreign keys), as PostgreSQL prints them. */
function triggersOf(db: Db): Promise<Rule[]> {
  return rowsOf<Rule>(
    db,
    sql`select t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal
      order by t.tgname`,
  );
}

async function rulesOf(db: Db): Promise<{ functions: Rule[]; triggers: Rule[] }> {
  return { functions: await functionsOf(db), triggers: await triggersOf(db) };
}

/** The names a rule file creates (`CREATE OR REPLACE FUNCTION "name"`, `... TRIGGER "name"`). */
function declaredIn(files: string[], kind: 'FUNCTION' | 'TRIGGER'): string[] {
  const pattern = new RegExp(`^CREATE OR REPLACE ${kind} "([a-z_]+)"`, 'gm');
  return files
    .flatMap((file) =>
      ruleStatementsOf(file).flatMap((statement) => [...statement.matchAll(pattern)].map((match) => match[1] ?? '')),
    )
    .sort();
}

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

it('applies every .sql file beside a module, and only those', () => {
  const found = readdirSync(path.join(SOURCE, 'modules'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.sql'))
    .map((file) => path.join(SOURCE, 'modules', file))
    .sort();
  expect([...RULE_FILES].sort()).toEqual(found);
});

it('creates with CREATE OR REPLACE only, so that applying a file again is harmless', () => {
  for (const file of RULE_FILES)
    for (const statement of ruleStatementsOf(file))
      expect(statement.replace(/^--.*\n/gm, ''), file).toMatch(/^CREATE OR REPLACE (FUNCTION|TRIGGER) "/);
});

for (const kind of databaseKinds()) {
  describe(`the rules inside the database are the rule files' [${kind}]`, () => {
    let opened: Database | undefined;
    let fromFiles: Awaited<ReturnType<typeof openEmptyDatabase>> | undefined;
    const db = (): Db => {
      if (!opened) throw new Error('no database');
      return opened.db;
    };
    /** The rules the files alone create: the migrations, their functions (and so their triggers) dropped, then the files. */
    let expected: { functions: Rule[]; triggers: Rule[] };

    beforeAll(async () => {
      opened = await openTestDatabase(kind);
      fromFiles = await openEmptyDatabase(kind);
      await fromFiles.migrate(MIGRATIONS_FOLDER);
      const created = await rowsOf<{ signature: string }>(
        fromFiles.db,
        sql`select p.oid::regprocedure::text as signature
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
      );
      for (const { signature } of created) await fromFiles.db.execute(sql.raw(`drop function ${signature} cascade`));
      expect(await rulesOf(fromFiles.db)).toEqual({ functions: [], triggers: [] });
      await applyRuleFiles(fromFiles.db);
      expected = await rulesOf(fromFiles.db);
    }, 60_000);
    afterAll(async () => {
      await opened?.close();
      await fromFiles?.close();
    });

    it('holds the functions and triggers the files name, no other', async () => {
      const held = await rulesOf(db());
      expect(held.functions.map((rule) => rule.name)).toEqual(declaredIn(RULE_FILES, 'FUNCTION'));
      expect(held.triggers.map((rule) => rule.name)).toEqual(declaredIn(RULE_FILES, 'TRIGGER'));
    });

    it('holds each one exactly as the files create it', async () => {
      expect(await rulesOf(db())).toEqual(expected);
    });

    it('puts back a rule changed in the database when the files are applied again', async () => {
      await db()
        .execute(sql`create or replace function is_staff_reply(author_type text, internal boolean, author uuid, issuer uuid)
        returns boolean language sql immutable as $$ select true $$`);
      expect(await rulesOf(db())).not.toEqual(expected);
      await applyRuleFiles(db());
      expect(await rulesOf(db())).toEqual(expected);
    });
  });
}

describe.runIf(databaseKinds().includes('postgres'))('the rule files on a desk that serves [postgres]', () => {
  it('give way to a write that holds one table and waits for another, then apply', async () => {
    const empty = await createEmptyDatabase();
    const database = await openDatabase({ url: empty.url });
    const writer = new pg.Client({ connectionString: empty.url });
    await writer.connect();
    try {
      // A write in flight: it has written tickets and is about to write its audit row.
      await writer.query('begin');
      await writer.query('lock table tickets in row exclusive mode');
      const applied = applyRuleFiles(database.db).then(
        () => 'applied',
        (error: unknown) => error,
      );
      // The step has replaced the audit triggers and waits for tickets; the write now waits for it.
      await new Promise((resolve) => setTimeout(resolve, 150));
      await writer.query('lock table audit_log in row exclusive mode');
      await writer.query('commit');
      expect(await applied).toBe('applied');
    } finally {
      await writer.end();
      await database.close();
      await empty.drop();
    }
  }, 30_000);
});
