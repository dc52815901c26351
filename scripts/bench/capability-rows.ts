/**
 * The rows of DESIGN.md §21–§27's budgets in `npm run bench`, measured after the reads and writes of
 * §10: the webhooks' fan-out and the token check, the alarm storm, the outage rows, the service
 * levels, a merge and presence, the inbound SMS. Each section runs when BENCH_ONLY selects it.
 */
import type pg from 'pg';
import { measureAlarms } from './alarms.ts';
import type { LoadOptions, Measurement } from './load.ts';
import { measureMerge } from './merge.ts';
import { measureOutages } from './outages.ts';
import { measurePresence } from './presence.ts';
import { startWebhookReceiver, type RunningProcess, type ServerSecrets } from './processes.ts';
import type { Row } from './report.ts';
import { otherScenarios, type CorpusSample } from './scenarios.ts';
import { measureServiceLevels } from './service-levels.ts';
import { measureInboundSms } from './sms.ts';
import { measureTokenCheck } from './tokens.ts';
import { measureFanOut } from './webhooks.ts';

/** What the sections share with the run. */
export interface CapabilityRun {
  pool: pg.Pool;
  load: LoadOptions;
  steady: LoadOptions;
  scale: number;
  /** Whether BENCH_ONLY selects a row of this name. */
  selected: (name: string) => boolean;
  /** Waits until the database has finished the previous statements. */
  drain: () => Promise<void>;
  /** Processes started here, stopped with the run's others. */
  started: RunningProcess[];
}

/**
 * DESIGN.md §21's budget: each write without and with five webhook endpoints (a receiver process
 * on loopback), then a client token's CPU per reply beside a session token's; §22's alarm storm.
 */
export async function measureIntegrations(
  run: CapabilityRun,
  server: RunningProcess,
  sample: CorpusSample,
  trivial: Measurement,
): Promise<Row[]> {
  const rows: Row[] = [];
  if (run.selected('webhooks')) {
    const receiver = await startWebhookReceiver();
    run.started.push(receiver);
    for (const scenario of otherScenarios(sample).filter((candidate) =>
      ['create ticket', 'add comment'].includes(candidate.name),
    )) {
      console.log(`- webhooks: ${scenario.name}, without and with endpoints`);
      const measured = await measureFanOut(run.pool, server, receiver, scenario, run.load, run.drain);
      const { fanOut } = measured;
      console.log(
        `  ${Math.round(fanOut.eventsPerSecond)} events/s to ${fanOut.endpoints} endpoints, backlog ${fanOut.backlog}, load average ${fanOut.loadAverage.map((value) => value.toFixed(1)).join(' ')}`,
      );
      rows.push(
        { api: measured.without, trivial },
        { api: measured.with, baseline: measured.without, fanOut: measured.fanOut, trivial },
      );
    }
  }
  if (run.selected('token check')) {
    console.log('- token check: session and client token, in turn');
    const measured = await measureTokenCheck(server, sample, run.load, run.drain);
    rows.push({ api: measured.session, trivial }, { api: measured.client, baseline: measured.session, trivial });
  }
  if (run.selected('alarms')) {
    console.log('- alarms: intake as fast as answered and paced, then a read alone and during a storm');
    const measured = await measureAlarms(server, run.pool, sample, run.load, run.drain);
    rows.push(
      { api: measured.intake },
      { api: measured.paced },
      { api: measured.readsAlone, trivial },
      { api: measured.readsInStorm, baseline: measured.readsAlone, trivial },
    );
  }
  return rows;
}

/** DESIGN.md §23's budgets: an import, a broadcast queued, a write while its messages wait, the status by number. */
export async function measureOutageRows(
  run: CapabilityRun,
  server: RunningProcess,
  sample: CorpusSample,
  trivial: Measurement,
): Promise<Row[]> {
  if (!run.selected('outages')) return [];
  console.log('- outages: import, a broadcast queued, a write alone and while it waits, status by number at 300/s');
  const measured = await measureOutages(server, run.pool, sample, run.scale, { load: run.load, steady: run.steady }, run.drain);
  return [
    measured.imported,
    measured.queued,
    { api: measured.writesAlone, trivial },
    { api: measured.writesWhileWaiting, baseline: measured.writesAlone, waiting: measured.waiting, trivial },
    { api: measured.status },
  ];
}

/** DESIGN.md §26's and §27's budgets: the warnings' scan, a recomputation, a merge, presence at 500 views. */
export async function measureKeepingRows(
  run: CapabilityRun,
  server: RunningProcess & ServerSecrets,
  sample: CorpusSample,
  trivial: Measurement,
): Promise<Row[]> {
  const rows: Row[] = [];
  if (run.selected('service levels')) {
    console.log("- service levels: the warnings' scan, then a recomputation while staff read tickets");
    const measured = await measureServiceLevels(server, run.pool, sample, run.load, run.drain);
    rows.push(
      { api: measured.idleScan },
      { api: measured.batchScan },
      measured.recompute,
      { api: measured.readsAlone, trivial },
      { api: measured.readsWhileRecomputing, baseline: measured.readsAlone, trivial },
    );
  }
  if (run.selected('merge')) {
    console.log('- merge: a ticket with 200 comments into its duplicate, one at a time');
    rows.push({ api: await measureMerge(server, sample) });
  }
  if (run.selected('presence')) {
    console.log('- presence: the CPU of 500 open ticket views heartbeating');
    rows.push(await measurePresence(server, run.pool, sample));
  }
  return rows;
}

/** DESIGN.md §24's budget: the SMS gateway's inbound callbacks at 100 messages a second. */
export async function measureSmsRows(run: CapabilityRun, server: RunningProcess, sample: CorpusSample): Promise<Row[]> {
  if (!run.selected('sms')) return [];
  console.log('- sms: inbound callbacks paced at 100/s, filed as tickets, comments and STATUS answers');
  return [{ api: await measureInboundSms(server, run.pool, sample, run.load, run.drain) }];
}
