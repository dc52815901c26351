/**
 * A scanning process for the crash test: `node sla-scan-child.test-support.ts <database url>` scans
 * once, prints `written` when its first batch is written but not committed, and then waits to be
 * killed (kill -9) with the transaction open.
 */
import { openDatabase } from '../../db/client.ts';
import { scanSlaWarnings } from './sla-scan.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: sla-scan-child.test-support.ts <database url>');
const database = await openDatabase({ url, poolSize: 2 });
await scanSlaWarnings({
  db: database.db,
  escalateHours: 4,
  batchSize: 5,
  beforeCommit: async () => {
    process.stdout.write('written\n');
    await new Promise(() => undefined);
  },
});
