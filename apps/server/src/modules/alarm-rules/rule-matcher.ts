/**
 * Matching an alarm's labels against the routing rules (DESIGN.md §22), as Alertmanager matches:
 * a label that is absent reads as the empty text; `=` compares the whole value, `=~` matches the
 * whole value against a regular expression. Expressions run on RE2JS, whose time is linear in the
 * value whatever the expression: no rule can make intake backtrack catastrophically.
 */
import { RE2JS } from 're2js';
import type { AlarmLabels, AlarmMatcher } from '@switchboard/shared';

export type LabelTest = (labels: AlarmLabels) => boolean;

/** Why RE2 cannot compile the expression (its own words), or null when it can. */
export function regexProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function compileMatcher(matcher: AlarmMatcher): LabelTest {
  const valueOf = (labels: AlarmLabels) => labels[matcher.name] ?? '';
  if (matcher.op === '=') return (labels) => valueOf(labels) === matcher.value;
  const expression = RE2JS.compile(matcher.value);
  return (labels) => expression.matches(valueOf(labels));
}

/** Every matcher must match; a rule without matchers matches every alarm. */
export function compileMatchers(matchers: AlarmMatcher[]): LabelTest {
  const tests = matchers.map(compileMatcher);
  return (labels) => tests.every((test) => test(labels));
}

/** The first rule (in their order) whose matchers all match, or null: the alarm is unrouted. */
export function firstMatchingRule<Rule>(rules: { rule: Rule; test: LabelTest }[], labels: AlarmLabels): Rule | null {
  return rules.find(({ test }) => test(labels))?.rule ?? null;
}
