/**
 * The rules that run inside PostgreSQL (triggers and the functions they call) each keep their
 * current text in a `.sql` file beside their module, and are applied after the migrations at every
 * start: a migration is history, never the only copy of a live rule (DESIGN.md §1). Each file is
 * repeatable (CREATE OR REPLACE only), its statements separated as drizzle-kit separates a
 * migration's. Changing a rule is changing its file; removing one, or changing what a function
 * takes or returns, still needs a migration (CREATE OR REPLACE cannot drop or retype anything).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rule files, in the order they are applied; each file creates its functions before its triggers. */
export const RULE_FILES = [
  '../modules/audit/audit.sql',
  '../modules/forwarding/forward-chain.sql',
  '../modules/tickets/ticket-workflow.sql',
  '../modules/service-levels/service-levels.sql',
  '../modules/webhooks/webhooks.sql',
  // words_of, which the articles' words use too, is there.
  '../modules/tickets/ticket-words.sql',
  '../modules/articles/article-words.sql',
].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));

const BREAKPOINT = '--> statement-breakpoint';

/** The statements of a rule file, in order. */
export function ruleStatementsOf(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split(BREAKPOINT)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/**
 * How long the step waits for a table before it lets go of every lock it holds and tries again.
 * Replacing a trigger locks its table against writes (not reads). A process that starts while
 * others serve would otherwise wait for a write that itself waits for a table the step already
 * holds (a resolve writes tickets, then audit_log), and PostgreSQL would end the deadlock by failing
 * one of them after a second: the start, or a person's write.
 */
const LOCK_TIMEOUT = '300ms';
const ATTEMPTS = 50;

/** PostgreSQL's lock_not_available: lock_timeout ran out (drizzle wraps the driver's error). */
function isLockTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}

/**
 * Applies every rule file in one transaction, so that no write sees a rule half replaced. On server
 * PostgreSQL it runs under the start-up lock with the migrations, and gives way to the writes of
 * processes already serving (LOCK_TIMEOUT).
 */
export async function applyRuleFiles(db: Db): Promise<void> {
  const statements = RULE_FILES.flatMap(ruleStatementsOf);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
        for (const statement of statements) await tx.execute(sql.raw(statement));
      });
      return;
    } catch (error) {
      if (attempt === ATTEMPTS || !isLockTimeout(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * Math.min(attempt, 10)));
    }
  }
}
