/** An alarm routing rule as admins read it (DESIGN.md §22), with its group's and subgroup's names. */
import type { AlarmRule } from '@switchboard/shared';
import type { AlarmRuleView } from './alarm-rules.repository.ts';

export function presentAlarmRule(row: AlarmRuleView): AlarmRule {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    matchers: row.matchers.map(({ name, op, value }) => ({ name, op, value })),
    group_id: row.groupId,
    group_name: row.groupName,
    sub_group_id: row.subGroupId,
    sub_group_name: row.subGroupName,
    area_codes: row.areaCodes,
    public_note_template: row.publicNoteTemplate,
    restoration_message: row.restorationMessage,
    auto_resolve: row.autoResolve,
    updated_at: row.updatedAt.toISOString(),
  };
}
