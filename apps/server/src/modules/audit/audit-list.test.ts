import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TARGET_MAX_LENGTH, type AuditListReply, type Role, type UserType } from '@switchboard/shared';
import { auditLog } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildUser, signedInAs } from '../../../test/factories.ts';

type Headers = Record<string, string>;

/** Provider days (Asia/Dhaka, +06:00): 00:30 there on 2 March is 18:30 UTC on 1 March. */
const MARCH_2_EARLY = new Date('2026-03-01T18:30:00Z');
const MARCH_2_LATE = new Date('2026-03-02T17:30:00Z');
const MARCH_3_EARLY = new Date('2026-03-02T18:30:00Z');

describeWithApp('the audit list', (ctx) => {
  let adminHeaders: Headers;
  let actorId: string;

  const list = (query: string, headers: Headers = adminHeaders) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/audit${query}`, headers });
  const actionsOf = async (query: string) => (await list(query)).json<AuditListReply>().data.map((row) => row.action);

  beforeAll(async () => {
    adminHeaders = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin', name: 'The Admin' })).headers;
    const actor = await buildUser(ctx.db, { userType: 'rs', name: 'Rafi Actor' });
    actorId = actor.id;
    const row = (action: string, target: string, at: Date, actorUserId: string | null = actor.id) => ({
      actorUserId,
      action,
      target,
      at,
      ip: '192.0.2.7',
      details: { probe: true },
    });
    await ctx.db
      .insert(auditLog)
      .values([
        row('ticket.create', 'ticket:1', MARCH_2_EARLY, null),
        row('comment.create', 'ticket:1', MARCH_2_LATE),
        row('ticket.resolve', 'ticket:1', MARCH_3_EARLY),
        ...Array.from({ length: 12 }, (_, i) => row('group.update', `group:${i}`, new Date(Date.UTC(2026, 0, 10, 0, i)))),
      ]);
  });

  describe('is for admins only', () => {
    it.each<[string, UserType, Role]>([
      ['a customer', 'customer', 'user'],
      ['cc staff', 'cc', 'user'],
      ['a moderator', 'iptsp', 'moderator'],
      ['support', 'oss_bss', 'support'],
    ])('refuses %s with 403', async (_who, userType, role) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType, role });
      const reply = await list('', headers);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'forbidden' });
    });

    it('refuses a stranger with 401', async () => {
      expect((await list('', {})).statusCode).toBe(401);
    });
  });

  it('gives 10 rows a page, newest first, with the actor and the paged-list totals', async () => {
    const first = (await list('')).json<AuditListReply>();
    expect(first.total).toBeGreaterThanOrEqual(15);
    expect(first.data).toHaveLength(10);
    expect(first).toMatchObject({ previous_page: null, next_page: 2, total_pages: Math.ceil(first.total / 10) });
    const times = first.data.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    const resolve = first.data.find((row) => row.action === 'ticket.resolve');
    expect(resolve).toEqual({
      id: expect.any(String),
      at: MARCH_3_EARLY.toISOString(),
      actor_id: actorId,
      actor_name: 'Rafi Actor',
      action: 'ticket.resolve',
      target: 'ticket:1',
      ip: '192.0.2.7',
      details: { probe: true },
    });
    const second = (await list('?page=2')).json<AuditListReply>();
    expect(second.previous_page).toBe(1);
    expect(second.data.map((row) => row.id)).not.toContain(first.data[0]?.id);
  });

  it('filters by action, actor and target', async () => {
    expect(await actionsOf('?action=comment.create')).toEqual(['comment.create']);
    expect((await list(`?actor_id=${actorId}&target=ticket:1`)).json<AuditListReply>().data.map((row) => row.action)).toEqual([
      'ticket.resolve',
      'comment.create',
    ]);
    expect((await list('?action=group.update')).json<AuditListReply>().total).toBe(12);
    expect(await actionsOf('?target=ticket:2')).toEqual([]);
  });

  it('filters by the provider calendar days, both included', async () => {
    expect(await actionsOf('?target=ticket:1&start_date=2026-03-02&end_date=2026-03-02')).toEqual([
      'comment.create',
      'ticket.create',
    ]);
    expect(await actionsOf('?target=ticket:1&start_date=2026-03-03')).toEqual(['ticket.resolve']);
    expect(await actionsOf('?target=ticket:1&end_date=2026-03-01')).toEqual([]);
  });

  it('treats empty filters as none', async () => {
    const all = (await list('')).json<AuditListReply>().total;
    expect((await list('?action=&actor_id=&target=&start_date=&end_date=')).json<AuditListReply>().total).toBe(all);
  });

  describe('refuses bad filters with 400 and the field', () => {
    it.each([
      ['page 0', '?page=0', 'page'],
      ['an unknown action', '?action=ticket.delete', 'action'],
      ['an actor that is no id', '?actor_id=42', 'actor_id'],
      ['a target that is too long', `?target=${'t'.repeat(AUDIT_TARGET_MAX_LENGTH + 1)}`, 'target'],
      ['a day that does not exist', '?start_date=2026-02-30', 'start_date'],
      ['an end before the start', '?start_date=2026-03-02&end_date=2026-03-01', 'end_date'],
    ])('%s', async (_case, query, field) => {
      const reply = await list(query);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { [field]: expect.any(String) } });
    });
  });
});
