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
 * Applies every rule file in one transaction, so that no write sees a rule half replaced. On server
 * PostgreSQL it runs under the start-up lock with the migrations; replacing a trigger briefly locks
 * its table against writes (not reads).
 */
export async function applyRuleFiles(db: Db): Promise<void> {
  const statements = RULE_FILES.flatMap(ruleStatementsOf);
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
