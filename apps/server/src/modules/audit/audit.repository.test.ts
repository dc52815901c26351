import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildUser } from '../../../test/factories.ts';
import { insertAuditEntry } from './audit.repository.ts';

describeWithApp('the audit trail', (ctx) => {
  it('keeps details with a lone surrogate (valid JSON text, refused by jsonb) as the replacement character', async () => {
    const actor = await buildUser(ctx.db, { userType: 'cc' });
    const target = `probe:${actor.id}`;
    await insertAuditEntry(ctx.db, {
      actorUserId: actor.id,
      action: 'report.create',
      target,
      ip: '192.0.2.1',
      details: { title: 'fibre \ud800 cut', nested: [{ '\udc00key': 'ok' }] },
    });
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.target, target));
    expect(row?.details).toEqual({ title: 'fibre \ufffd cut', nested: [{ '\ufffdkey': 'ok' }] });
  });
});
