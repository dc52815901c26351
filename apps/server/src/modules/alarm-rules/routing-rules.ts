/**
 * The routing rules as intake reads them (DESIGN.md §22): every rule in order, its matchers
 * compiled once. Kept per database for a few seconds, so an alarm storm reads the rules table once
 * in a while, not once a delivery; a change in this process is seen at once (forgetRoutingRules),
 * one in another process within ROUTING_RULES_TTL_MS.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRules } from '../../db/schema.ts';
import { compileMatchers, firstMatchingRule, type LabelTest } from './rule-matcher.ts';
import type { AlarmLabels } from '@switchboard/shared';

export type AlarmRuleRow = typeof alarmRules.$inferSelect;

/** How long another process's rule change may take to be seen here. */
export const ROUTING_RULES_TTL_MS = 5_000;

export interface RoutingRules {
  /** The first rule whose matchers all match the labels, or null: unrouted. */
  route(labels: AlarmLabels): AlarmRuleRow | null;
  readonly rules: readonly AlarmRuleRow[];
}

const kept = new WeakMap<Db, { readAt: number; routing: Promise<RoutingRules> }>();

async function readRoutingRules(db: Db): Promise<RoutingRules> {
  const rows = await db.select().from(alarmRules).orderBy(asc(alarmRules.position), asc(alarmRules.id));
  const compiled: { rule: AlarmRuleRow; test: LabelTest }[] = rows.map((rule) => ({
    rule,
    test: compileMatchers(rule.matchers),
  }));
  return { rules: rows, route: (labels) => firstMatchingRule(compiled, labels) };
}

export function routingRules(db: Db, now = Date.now()): Promise<RoutingRules> {
  const known = kept.get(db);
  if (known && now - known.readAt < ROUTING_RULES_TTL_MS) return known.routing;
  const routing = readRoutingRules(db);
  kept.set(db, { readAt: now, routing });
  // A failed read is not kept: the next delivery reads again.
  routing.catch(() => kept.delete(db));
  return routing;
}

/** After a rule is created, changed, reordered or deleted: this process reads the rules again. */
export function forgetRoutingRules(db: Db): void {
  kept.delete(db);
}
