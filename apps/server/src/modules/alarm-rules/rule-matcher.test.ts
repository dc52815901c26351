import { describe, expect, it } from 'vitest';
import { compileMatchers, firstMatchingRule, regexProblem } from './rule-matcher.ts';

describe('alarm rule matching', () => {
  it('compares whole values, an absent label reading as empty', () => {
    const test = compileMatchers([{ name: 'site', op: '=', value: 'dhaka-1' }]);
    expect(test({ site: 'dhaka-1' })).toBe(true);
    expect(test({ site: 'dhaka-10' })).toBe(false);
    expect(compileMatchers([{ name: 'site', op: '=', value: '' }])({})).toBe(true);
  });

  it('anchors regular expressions at both ends', () => {
    const test = compileMatchers([{ name: 'instance', op: '=~', value: 'olt-(1|2)' }]);
    expect(test({ instance: 'olt-2' })).toBe(true);
    expect(test({ instance: 'olt-21' })).toBe(false);
    expect(test({ instance: 'xolt-1' })).toBe(false);
  });

  it('needs every matcher; no matchers match everything', () => {
    const test = compileMatchers([
      { name: 'severity', op: '=', value: 'critical' },
      { name: 'job', op: '=~', value: 'olt.*' },
    ]);
    expect(test({ severity: 'critical', job: 'olt-exporter' })).toBe(true);
    expect(test({ severity: 'warning', job: 'olt-exporter' })).toBe(false);
    expect(compileMatchers([])({ anything: 'x' })).toBe(true);
  });

  it('takes the first rule that matches', () => {
    const rules = [
      { rule: 'fibre', test: compileMatchers([{ name: 'kind', op: '=', value: 'fibre' }]) },
      { rule: 'catch-all', test: compileMatchers([]) },
    ];
    expect(firstMatchingRule(rules, { kind: 'fibre' })).toBe('fibre');
    expect(firstMatchingRule(rules, { kind: 'power' })).toBe('catch-all');
    expect(firstMatchingRule(rules.slice(0, 1), { kind: 'power' })).toBeNull();
  });

  it('refuses what RE2 cannot compile, and stays linear on a classic catastrophic pattern', () => {
    expect(regexProblem('(a')).toMatch(/missing closing/);
    expect(regexProblem('(?=a)b')).toMatch(/unsupported/);
    expect(regexProblem('\\1')).not.toBeNull();
    expect(regexProblem('olt-[0-9]+')).toBeNull();
    const test = compileMatchers([{ name: 'v', op: '=~', value: '(a+)+$' }]);
    const started = performance.now();
    expect(test({ v: `${'a'.repeat(5000)}!` })).toBe(false);
    // A backtracking engine takes longer than the age of the universe here; RE2 takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
