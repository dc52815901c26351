/** Benchmark settings from the environment (docs/performance.md lists them). */

export interface BenchSettings {
  databaseUrl: string;
  /** Fraction of the full corpus (1 = 1,000,000 tickets). */
  scale: number;
  /** Seconds each load scenario runs. */
  seconds: number;
  connections: number;
  /** Only fill the corpus, run no load. */
  corpusOnly: boolean;
  /** Runs only the scenarios whose name contains this text, or one of several separated by `|`. */
  only: string | undefined;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/switchboard_bench';

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function readSettings(argv: string[] = process.argv.slice(2)): BenchSettings {
  return {
    databaseUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL,
    scale: positiveNumber('BENCH_SCALE', 1),
    seconds: positiveNumber('BENCH_SECONDS', 5),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 32)),
    corpusOnly: argv.includes('--corpus-only'),
    only: process.env.BENCH_ONLY || undefined,
  };
}
