import alarmsValidation from '@switchboard/shared/messages/en/validation/alarms.json';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { InputBase, Stack, Switch, TextInput } from '@mantine/core';
import { GroupSubgroupSelects } from '../../components/group-subgroup-selects.tsx';
import { notifications } from '@mantine/notifications';
import {
  ALARM_RULE_NAME_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
  alarmRuleCreateSchema,
  type AlarmRule,
} from '@switchboard/shared';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useGroupChoices, useGroups } from '../../entities/groups.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { errorsOf, validateWith, type FieldErrors } from '../../lib/schema-form.ts';
import { useCreateAlarmRule, useUpdateAlarmRule } from './api/alarms.ts';
import { MatcherFields, type MatcherDraft } from './matcher-fields.tsx';
import { alarmsMessages } from './messages.ts';

addValidationCatalog('alarms', alarmsValidation);

export interface AlarmRuleDialogProps {
  /** The rule to edit; null adds one at the end of the order. */
  rule: AlarmRule | null;
  onClose: () => void;
}

/** The placeholders a public note template may hold, shown in its hint as written. */
const PLACEHOLDERS = { summary: '{summary}', severity: '{severity}', label: '{labels.NAME}' };

/**
 * Adds or edits a routing rule, checked with the rule's shared schema (a whole rule either way, so
 * that auto-resolve without a restoration message is caught before sending). What the server
 * refuses on a field (an expression RE2 cannot compile: `matchers.0.value`) shows on that field,
 * and every field stays as typed. Plain textareas and inputs keep the dialog's chunk within its budget.
 */
export function AlarmRuleDialog({ rule, onClose }: AlarmRuleDialogProps) {
  const t = useMessages(alarmsMessages);
  const nextKey = useRef(rule?.matchers.length ?? 0);
  const [name, setName] = useState(rule?.name ?? '');
  const [matchers, setMatchers] = useState<MatcherDraft[]>(
    () => rule?.matchers.map((matcher, key) => ({ ...matcher, key })) ?? [],
  );
  const [groupId, setGroupId] = useState<string | null>(rule?.group_id ?? null);
  const [subGroupId, setSubGroupId] = useState<string | null>(rule?.sub_group_id ?? null);
  const [areaText, setAreaText] = useState(rule?.area_codes.join(', ') ?? '');
  const [note, setNote] = useState(rule?.public_note_template ?? '');
  const [restoration, setRestoration] = useState(rule?.restoration_message ?? '');
  const [autoResolve, setAutoResolve] = useState(rule?.auto_resolve ?? false);
  const [tried, setTried] = useState(false);
  const groups = useGroups();
  const { groupOptions, subgroupOptions } = useGroupChoices(groups.data, groupId, subGroupId);
  const create = useCreateAlarmRule();
  const update = useUpdateAlarmRule();
  const save = rule ? update : create;

  const input = {
    name,
    matchers: matchers.map((matcher) => ({ name: matcher.name, op: matcher.op, value: matcher.value })),
    group_id: groupId ?? '',
    sub_group_id: groupId ? subGroupId : null,
    area_codes: areaCodesOf(areaText),
    public_note_template: note,
    restoration_message: restoration,
    auto_resolve: autoResolve,
  };
  const validated = validateWith(alarmRuleCreateSchema, input);
  const errors: FieldErrors = tried ? { ...serverFieldErrors(save.error), ...errorsOf(validated) } : {};
  if (tried && groupId === null) errors.group_id = t('chooseGroup');

  const confirm = () => {
    setTried(true);
    if (!validated.ok || save.isPending) return;
    const done = (message: string) => () => {
      notifications.show({ color: 'green', message });
      onClose();
    };
    if (rule) update.mutate({ id: rule.id, body: validated.body }, { onSuccess: done(t('ruleSaved')) });
    else create.mutate(validated.body, { onSuccess: done(t('ruleAdded')) });
  };

  return (
    <ConfirmDialog
      opened
      title={rule ? t('editTitle') : t('createTitle')}
      body={t('dialogBody')}
      loading={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <TextInput
          label={t('fieldName')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={ALARM_RULE_NAME_MAX_LENGTH}
          error={errors.name}
          required
          data-autofocus
        />
        <MatcherFields
          matchers={matchers}
          onChange={setMatchers}
          onAdd={() => setMatchers([...matchers, { key: nextKey.current++, name: '', op: '=', value: '' }])}
          errors={errors}
        />
        <GroupSubgroupSelects
          labels={{
            group: t('fieldGroup'),
            groupPlaceholder: t('chooseGroup'),
            subgroup: t('fieldSubgroup'),
            subgroupPlaceholder: t('anySubgroup'),
          }}
          groupOptions={groupOptions}
          subgroupOptions={subgroupOptions}
          groupId={groupId}
          subGroupId={subGroupId}
          onChange={(choice) => {
            setGroupId(choice.groupId);
            setSubGroupId(choice.subGroupId);
          }}
          errors={errors}
          groupRequired={true}
        />
        <TextInput
          label={t('fieldAreas')}
          description={t('fieldAreasHint')}
          value={areaText}
          onChange={(event) => setAreaText(event.currentTarget.value)}
          error={errors.area_codes ?? Object.entries(errors).find(([field]) => field.startsWith('area_codes.'))?.[1]}
        />
        <InputBase
          component="textarea"
          multiline
          rows={3}
          label={t('fieldNote')}
          description={t('fieldNoteHint', PLACEHOLDERS)}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={INCIDENT_PUBLIC_NOTE_MAX_LENGTH}
          error={errors.public_note_template}
        />
        <InputBase
          component="textarea"
          multiline
          rows={3}
          label={t('fieldRestoration')}
          description={t('fieldRestorationHint')}
          value={restoration}
          onChange={(event) => setRestoration(event.currentTarget.value)}
          maxLength={COMMENT_MAX_LENGTH}
          error={errors.restoration_message}
        />
        <Switch
          label={t('fieldAutoResolve')}
          description={t('fieldAutoResolveHint')}
          checked={autoResolve}
          onChange={(event) => setAutoResolve(event.currentTarget.checked)}
          error={errors.auto_resolve}
        />
      </Stack>
    </ConfirmDialog>
  );
}

/** `DHK-12, DHK-13` or `DHK-12 DHK-13`: the codes, each once as typed (the schema checks them). */
export function areaCodesOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((code) => code.length > 0);
}

/** The server's per-field messages of a refused save (`details`, keyed like the schema's paths). */
function serverFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError && error.details ? { ...error.details } : {};
}
