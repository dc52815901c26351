/**
 * The failover drill of the cluster run alone (`node scripts/cluster/failover-alone.ts`): it needs
 * nothing of the run's but PostgreSQL's server programs.
 */
import { passed, printSummary, type ScenarioResult } from '../faults/report.ts';
import { failoverDrill } from './failover.ts';

let result: ScenarioResult;
try {
  result = await failoverDrill();
} catch (error) {
  result = {
    name: 'failover drill',
    facts: {},
    problems: [`stopped: ${error instanceof Error ? error.message : String(error)}`],
  };
}
printSummary([result], 'Failover drill');
process.exitCode = passed(result) ? 0 : 1;
