/** The used bot-check solutions (replay store). */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchaUsed } from '../../db/schema.ts';

export async function deleteExpiredSolutions(db: Db, now: Date): Promise<void> {
  await db.delete(captchaUsed).where(lt(captchaUsed.expiresAt, now));
}

/** Records a use of a solution until `expiresAt`; false when that use was recorded already. */
export async function insertSolutionUse(db: Db, key: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(captchaUsed)
    .values({ signature: key, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaUsed.signature });
  return inserted.length === 1;
}
