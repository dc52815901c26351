/** The access matrix's requests of alarm routing rules (DESIGN.md §22), one per row. */
import { alarmRules } from '../../src/db/schema.ts';
import { insertAlarmRuleLast, listAlarmRuleIds } from '../../src/modules/alarm-rules/alarm-rules.repository.ts';
import { call, unique, type RequestOf, type World } from './access-world.ts';

/** A fresh rule of the world's group, made by the test (not through the API). */
function freshRule(world: World) {
  return insertAlarmRuleLast(world.db, {
    name: unique('Matrix rule'),
    matchers: [{ name: 'site', op: '=~', value: 'mirpur-.*' }],
    groupId: world.group.group.id,
    subGroupId: world.group.subgroups[0]?.id ?? null,
  });
}

export const ALARM_RULE_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/alarm-rules': async (caller) => call('GET', '/api/v1/alarm-rules')(caller),
  'POST /api/v1/alarm-rules': async (caller, world) => {
    // Room under the limit of rules, whatever earlier rows made.
    await world.db.delete(alarmRules);
    return call('POST', '/api/v1/alarm-rules', {
      name: unique('Matrix rule'),
      matchers: [{ name: 'severity', op: '=', value: 'critical' }],
      group_id: world.group.group.id,
      sub_group_id: world.group.subgroups[0]?.id ?? null,
    })(caller);
  },
  'PATCH /api/v1/alarm-rules/{id}': async (caller, world) =>
    call('PATCH', `/api/v1/alarm-rules/${await freshRule(world)}`, { name: unique('Renamed rule') })(caller),
  'DELETE /api/v1/alarm-rules/{id}': async (caller, world) => call('DELETE', `/api/v1/alarm-rules/${await freshRule(world)}`)(caller),
  // Every rule, once, the newest first.
  'PUT /api/v1/alarm-rules/order': async (caller, world) => {
    await freshRule(world);
    return call('PUT', '/api/v1/alarm-rules/order', { ids: (await listAlarmRuleIds(world.db)).reverse() })(caller);
  },
};
