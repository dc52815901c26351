/** What each fault scenario found, and the summary table the run prints at the end. */

export interface ScenarioResult {
  name: string;
  /** Short facts for the table: what was done and what was measured. */
  facts: Record<string, string | number>;
  /** Everything that was not as it must be; empty when the scenario passed. */
  problems: string[];
  /** Acknowledged writes that are not in the database afterwards. */
  writesLost?: number;
  /** A check across the run (the logs) rather than a fault of its own. */
  check?: boolean;
}

export function passed(result: ScenarioResult): boolean {
  return result.problems.length === 0;
}

/** Prints one row per scenario, its facts, its problems, and the totals. */
export function printSummary(results: ScenarioResult[], title = 'Fault run summary'): void {
  const width = Math.max(...results.map((result) => result.name.length), 10);
  console.log(`\n${title}`);
  console.log('─'.repeat(width + 70));
  for (const result of results) {
    const verdict = passed(result) ? 'survived' : 'FAILED  ';
    const facts = Object.entries(result.facts)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    console.log(`${result.name.padEnd(width)}  ${verdict}  ${facts}`);
    for (const problem of result.problems) console.log(`${' '.repeat(width)}  ✖ ${problem}`);
  }
  console.log('─'.repeat(width + 70));
  const faults = results.filter((result) => !result.check);
  const lost = results.reduce((sum, result) => sum + (result.writesLost ?? 0), 0);
  const loadHeld = results.every(passed) ? 'yes' : 'no';
  console.log(
    `load held: ${loadHeld}   faults survived: ${faults.filter(passed).length}/${faults.length}   writes lost: ${lost}\n`,
  );
}

/** The nearest-rank percentile of some numbers (0 when there are none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
