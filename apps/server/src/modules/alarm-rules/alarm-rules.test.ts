import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ALARM_RULES_MAX, type AlarmRule, type AlarmRuleListReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { alarmRules, auditLog, groups } from '../../db/schema.ts';
import { routingRules } from './routing-rules.ts';

type Headers = Record<string, string>;

describeWithApp('alarm routing rules', (ctx) => {
  const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'admin' });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const ruleBody = async (fields: object = {}) => {
    const { group, subgroups } = await buildGroup(ctx.db, { subgroups: ['Fibre'] });
    return { name: 'Mirpur fibre', group_id: group.id, sub_group_id: subgroups[0]?.id ?? null, ...fields };
  };
  const create = async (headers: Headers, fields: object = {}) => {
    const reply = await call('POST', '/alarm-rules', headers, await ruleBody(fields));
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ data: AlarmRule }>().data;
  };
  // By action: create, delete, update (rows of one request share its time).
  const auditOf = async (target: string) =>
    (await ctx.db.select().from(auditLog).where(eq(auditLog.target, target))).sort((a, b) => a.action.localeCompare(b.action));
  const clearRules = () => ctx.db.delete(alarmRules);

  it('refuses everybody but admins, moderators and staff included', async () => {
    const { headers } = await admin();
    const rule = await create(headers);
    for (const caller of [
      { userType: 'customer' },
      { userType: 'agent' },
      { userType: 'cc' },
      { userType: 'cc', role: 'moderator' },
      { userType: 'rs', role: 'support' },
    ] as const) {
      const { headers: theirs } = await signedInAs(ctx.app, ctx.db, caller);
      for (const [method, url, body] of [
        ['GET', '/alarm-rules', undefined],
        ['POST', '/alarm-rules', await ruleBody()],
        ['PATCH', `/alarm-rules/${rule.id}`, { name: 'Mine' }],
        ['DELETE', `/alarm-rules/${rule.id}`, undefined],
        ['PUT', '/alarm-rules/order', { ids: [rule.id] }],
      ] as const) {
        const reply = await call(method, url, theirs, body);
        expect(reply.statusCode, `${caller.userType} ${method} ${url}`).toBe(403);
        expect(reply.json().message).toBe('Only admins can manage alarm rules');
      }
    }
  });

  it('creates a rule at the end with its names, audited', async () => {
    const { headers } = await admin();
    await clearRules();
    const first = await create(headers);
    const second = await create(headers, {
      matchers: [
        { name: 'site', op: '=~', value: 'mirpur-.*' },
        { name: 'severity', op: '=', value: 'critical' },
      ],
      area_codes: ['DHK-MIR'],
      public_note_template: 'Fibre cut near {labels.site}',
      restoration_message: 'Service is back',
      auto_resolve: true,
    });
    expect(second).toMatchObject({ group_name: expect.any(String), sub_group_name: 'Fibre', auto_resolve: true });
    expect(second.position).toBeGreaterThan(first.position);
    const list = (await call('GET', '/alarm-rules', headers)).json<AlarmRuleListReply>();
    expect(list.data.map((rule) => rule.id)).toEqual([first.id, second.id]);
    const rows = await auditOf(`alarm_rule:${second.id}`);
    expect(rows.map((row) => [row.action, (row.details as { name: string }).name])).toEqual([['alarm_rule.create', 'Mirpur fibre']]);
  });

  it('refuses an expression RE2 cannot compile, naming the matcher', async () => {
    const { headers } = await admin();
    const bad = await call(
      'POST',
      '/alarm-rules',
      headers,
      await ruleBody({
        matchers: [
          { name: 'site', op: '=', value: '(' },
          { name: 'host', op: '=~', value: 'core-(' },
        ],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(['matchers.1.value']);
    expect(bad.json().details['matchers.1.value']).toMatch(/^This is not a regular expression the desk can use: .+/);
    const lookaround = await call(
      'POST',
      '/alarm-rules',
      headers,
      await ruleBody({ matchers: [{ name: 'host', op: '=~', value: 'core(?!-lab)' }] }),
    );
    expect(lookaround.statusCode).toBe(400);
    expect(Object.keys(lookaround.json().details)).toEqual(['matchers.0.value']);
    const rule = await create(headers);
    const patched = await call('PATCH', `/alarm-rules/${rule.id}`, headers, {
      matchers: [{ name: 'host', op: '=~', value: '[z-a]' }],
    });
    expect(patched.statusCode).toBe(400);
    expect(Object.keys(patched.json().details)).toEqual(['matchers.0.value']);
  });

  it('stores a lone surrogate in a matcher as U+FFFD', async () => {
    const { headers } = await admin();
    const rule = await create(headers, { matchers: [{ name: 'site', op: '=', value: 'mirpur\ud800' }] });
    expect(rule.matchers).toEqual([{ name: 'site', op: '=', value: 'mirpur\ufffd' }]);
  });

  it('needs a live group and a subgroup of it', async () => {
    const { headers } = await admin();
    const { group } = await buildGroup(ctx.db);
    const other = await buildGroup(ctx.db);
    const unknown = await call('POST', '/alarm-rules', headers, { name: 'x', group_id: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual({ group_id: 'Choose a live group' });
    const deleted = await buildGroup(ctx.db);
    await ctx.db.update(groups).set({ deletedAt: new Date() }).where(eq(groups.id, deleted.group.id));
    expect((await call('POST', '/alarm-rules', headers, { name: 'x', group_id: deleted.group.id })).statusCode).toBe(400);
    const foreign = await call('POST', '/alarm-rules', headers, {
      name: 'x',
      group_id: group.id,
      sub_group_id: other.subgroups[0]?.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual({ sub_group_id: 'Choose a subgroup of the chosen group' });
    // A patch of the group alone leaves the old subgroup behind: it must still belong.
    const rule = await create(headers);
    const moved = await call('PATCH', `/alarm-rules/${rule.id}`, headers, { group_id: group.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual({ sub_group_id: 'Choose a subgroup of the chosen group' });
  });

  it('changes a rule with before and after in the audit trail; auto-resolve needs a message', async () => {
    const { headers } = await admin();
    const rule = await create(headers);
    const refused = await call('PATCH', `/alarm-rules/${rule.id}`, headers, { auto_resolve: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({
      restoration_message: 'A rule that resolves by itself needs a restoration message',
    });
    const missing = await call('POST', '/alarm-rules', headers, await ruleBody({ auto_resolve: true }));
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().details)).toEqual(['restoration_message']);
    const changed = await call('PATCH', `/alarm-rules/${rule.id}`, headers, {
      name: 'Mirpur core',
      restoration_message: 'Back up',
      auto_resolve: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Mirpur core', auto_resolve: true, restoration_message: 'Back up' });
    const rows = await auditOf(`alarm_rule:${rule.id}`);
    expect(rows.map((row) => [row.action, row.details])).toEqual([
      ['alarm_rule.create', expect.anything()],
      [
        'alarm_rule.update',
        {
          before: { name: 'Mirpur fibre', restoration_message: '', auto_resolve: false },
          after: { name: 'Mirpur core', restoration_message: 'Back up', auto_resolve: true },
        },
      ],
    ]);
  });

  it('answers 404 for an unknown rule and deletes one, audited', async () => {
    const { headers } = await admin();
    const unknown = crypto.randomUUID();
    expect((await call('PATCH', `/alarm-rules/${unknown}`, headers, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/alarm-rules/${unknown}`, headers)).statusCode).toBe(404);
    const rule = await create(headers);
    expect((await call('DELETE', `/alarm-rules/${rule.id}`, headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/alarm-rules/${rule.id}`, headers)).statusCode).toBe(404);
    expect((await auditOf(`alarm_rule:${rule.id}`)).map((row) => row.action)).toEqual(['alarm_rule.create', 'alarm_rule.delete']);
  });

  it('refuses a rule past the limit', async () => {
    const { headers } = await admin();
    await clearRules();
    const { group } = await buildGroup(ctx.db);
    await ctx.db
      .insert(alarmRules)
      .values(Array.from({ length: ALARM_RULES_MAX }, (_, i) => ({ position: i, name: `r${i}`, matchers: [], groupId: group.id })));
    const over = await call('POST', '/alarm-rules', headers, { name: 'One too many', group_id: group.id });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`At most ${ALARM_RULES_MAX} alarm rules may exist`);
    await clearRules();
  });

  it('reorders every rule at once, and the first matching rule routes', async () => {
    const { headers } = await admin();
    await clearRules();
    const broad = await create(headers, { name: 'Any core', matchers: [{ name: 'host', op: '=~', value: 'core-.*' }] });
    const narrow = await create(headers, { name: 'Mirpur core', matchers: [{ name: 'host', op: '=', value: 'core-mirpur' }] });
    const alarm = { host: 'core-mirpur' };
    expect((await routingRules(ctx.db)).route(alarm)?.id).toBe(broad.id);
    for (const ids of [[narrow.id], [narrow.id, broad.id, crypto.randomUUID()], [narrow.id, crypto.randomUUID()]]) {
      const refused = await call('PUT', '/alarm-rules/order', headers, { ids });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('The order must name every rule exactly once');
    }
    const twice = await call('PUT', '/alarm-rules/order', headers, { ids: [narrow.id, narrow.id] });
    expect(twice.statusCode).toBe(400);
    const reordered = await call('PUT', '/alarm-rules/order', headers, { ids: [narrow.id, broad.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<AlarmRuleListReply>().data.map((rule) => rule.id)).toEqual([narrow.id, broad.id]);
    expect((await routingRules(ctx.db)).route(alarm)?.id).toBe(narrow.id);
    const [row] = await ctx.db.select().from(auditLog).where(inArray(auditLog.action, ['alarm_rule.reorder']));
    expect(row?.details).toEqual({ before: [broad.id, narrow.id], after: [narrow.id, broad.id] });
  });
});
