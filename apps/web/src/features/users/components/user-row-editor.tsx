import { ActionIcon, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { displayNumber } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { usersMessages } from '../messages.ts';
import { asRole, asUserType, draftOf, roleOptions, userTypeOptions, validateUpdate, type FieldErrors } from '../user-draft.ts';
import { PrefixedNumberInput } from './prefixed-number-input.tsx';
import { ArrangedUser, createdAtText, type UserCells, type UserRowProps } from './user-row-layout.tsx';

/** One user as fields: name, number, user type and role, with Save and Cancel. */
export function UserRowEditor(props: UserRowProps) {
  const { user, brand, timeZone, saving, onCancel, onSave, layout } = props;
  const t = useMessages(usersMessages);
  const labels = useLabels();
  const [draft, setDraft] = useState(() => draftOf(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Full-size fields on a phone (fingers), compact ones inside a table row.
  const size = layout === 'card' ? 'sm' : 'xs';
  const labelled = (label: string) => (layout === 'card' ? { label } : { 'aria-label': label });

  function save() {
    const result = validateUpdate(draft, user.created_at);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) onSave(result.body);
  }

  // Enter in a text field saves and Escape cancels, as in a spreadsheet (a Select uses Enter itself).
  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') save();
  };

  const cells: UserCells = {
    name: (
      <TextInput
        {...labelled(t('name'))}
        size={size}
        value={draft.name}
        error={errors.name}
        onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
        onKeyDown={saveOnEnter}
        autoFocus
      />
    ),
    number: (
      <PrefixedNumberInput
        {...labelled(t('number', { brand }))}
        size={size}
        value={draft.numberEntry}
        error={errors.product_number}
        onChange={(event) => setDraft({ ...draft, numberEntry: event.currentTarget.value })}
        onKeyDown={saveOnEnter}
      />
    ),
    phone: user.phone_number ? displayNumber(user.phone_number) : '',
    userType: (
      <Select
        {...labelled(t('userType'))}
        size={size}
        data={userTypeOptions(labels)}
        value={draft.user_type}
        error={errors.user_type}
        allowDeselect={false}
        onChange={(value) => setDraft({ ...draft, user_type: asUserType(value) })}
      />
    ),
    role: (
      <Select
        {...labelled(t('role'))}
        size={size}
        data={roleOptions(labels)}
        value={draft.role}
        error={errors.role}
        allowDeselect={false}
        onChange={(value) => setDraft({ ...draft, role: asRole(value) })}
      />
    ),
    createdAt: createdAtText(user, timeZone),
    actions: (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t('save', { name: user.name })}>
          <ActionIcon variant="filled" aria-label={t('save', { name: user.name })} loading={saving} onClick={save}>
            <IconCheck size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('cancel')}>
          <ActionIcon variant="default" aria-label={t('cancel')} disabled={saving} onClick={onCancel}>
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
  return <ArrangedUser props={props} cells={cells} />;
}
