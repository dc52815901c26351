import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { insertAuditEntry } from './audit.repository.ts';

/** The refusal's text, wherever the driver put it (drizzle wraps the database's error). */
async function refusalOf(change: Promise<unknown>): Promise<string> {
  try {
    await change;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return `${error instanceof Error ? error.message : String(error)} ${cause}`;
  }
  return 'not refused';
}

describeWithApp('the audit trail is append-only', (ctx) => {
  const target = 'probe:append-only';
  const stored = () => ctx.db.select().from(auditLog).where(eq(auditLog.target, target));

  it('takes new rows', async () => {
    await insertAuditEntry(ctx.db, { actorUserId: null, action: 'report.create', target, ip: '192.0.2.1', details: { n: 1 } });
    expect(await stored()).toHaveLength(1);
  });

  it('refuses to change a row', async () => {
    const refusal = await refusalOf(
      ctx.db.update(auditLog).set({ action: 'probe.rewritten' }).where(eq(auditLog.target, target)),
    );
    expect(refusal).toMatch(/audit_log is append-only: UPDATE is refused/);
    expect((await stored()).map((row) => row.action)).toEqual(['report.create']);
  });

  it('refuses to delete a row', async () => {
    expect(await refusalOf(ctx.db.delete(auditLog).where(eq(auditLog.target, target)))).toMatch(
      /audit_log is append-only: DELETE is refused/,
    );
    expect(await stored()).toHaveLength(1);
  });

  it('refuses to empty the table', async () => {
    expect(await refusalOf(ctx.db.execute(sql`truncate audit_log`))).toMatch(/audit_log is append-only: TRUNCATE is refused/);
    expect(await stored()).toHaveLength(1);
  });
});
