import { ActionIcon, Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { displayNumber, type UpdateUserBody, type User } from '@switchboard/shared';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages, type Translate } from '../../../lib/i18n.ts';
import { useLabels, type Labels } from '../../../lib/labels.ts';
import { usersMessages } from '../messages.ts';
import { asRole, asUserType, draftOf, roleOptions, userTypeOptions, validateUpdate, type FieldErrors } from '../user-draft.ts';
import { PrefixedNumberInput } from './prefixed-number-input.tsx';

export interface UserRowProps {
  user: User;
  /** A table row on wide screens, a card on a phone. */
  layout: 'row' | 'card';
  brand: string;
  timeZone: string | undefined;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (body: UpdateUserBody) => void;
  onDelete: () => void;
}

/** The pieces of one user, read-only or (while editing) as fields; the layouts arrange them. */
interface UserCells {
  name: ReactNode;
  number: ReactNode;
  phone: ReactNode;
  userType: ReactNode;
  role: ReactNode;
  createdAt: ReactNode;
  actions: ReactNode;
}

type UsersTranslate = Translate<keyof typeof usersMessages.english>;

export function UserRow(props: UserRowProps) {
  const t = useMessages(usersMessages);
  const labels = useLabels();
  const cells = props.editing ? <EditingCells {...props} /> : null;
  return cells ?? <Arranged props={props} cells={readOnlyCells(props, t, labels)} />;
}

function readOnlyCells({ user, timeZone, onEdit, onDelete }: UserRowProps, t: UsersTranslate, labels: Labels): UserCells {
  return {
    name: (
      <Text size="sm" fw={500}>
        {user.name}
      </Text>
    ),
    number: displayNumber(user.product_number),
    phone: user.phone_number ? displayNumber(user.phone_number) : '',
    userType: labels.userType(user.user_type),
    role: (
      <Badge variant={user.role === 'admin' ? 'filled' : 'light'} color={user.role === 'user' ? 'gray' : 'blue'}>
        {labels.role(user.role)}
      </Badge>
    ),
    createdAt: createdAtText(user, timeZone),
    actions: (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t('edit', { name: user.name })}>
          <ActionIcon variant="subtle" aria-label={t('edit', { name: user.name })} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('delete', { name: user.name })}>
          <ActionIcon variant="subtle" color="red" aria-label={t('delete', { name: user.name })} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  };
}

function createdAtText(user: User, timeZone: string | undefined) {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatDisplayDateTime(user.created_at, timeZone)}
    </Text>
  );
}

function EditingCells(props: UserRowProps) {
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
  return <Arranged props={props} cells={cells} />;
}

function Arranged({ props, cells }: { props: UserRowProps; cells: UserCells }) {
  const { user, editing, brand, onCancel } = props;
  const t = useMessages(usersMessages);
  // Caught on the way down, before the Save/Cancel tooltips swallow Escape to close themselves.
  // An open Select list (aria-expanded) takes Escape for itself: it closes, the edit stays.
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (!editing || event.key !== 'Escape') return;
    if (event.target instanceof Element && event.target.getAttribute('aria-expanded') === 'true') return;
    onCancel();
  };
  if (props.layout === 'card') {
    return (
      <Paper component="article" aria-label={user.name} withBorder radius="md" p="sm" onKeyDownCapture={cancelOnEscape}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
          {editing ? (
            <Text size="sm" c="dimmed">
              {t('edit', { name: user.name })}
            </Text>
          ) : (
            cells.name
          )}
          {cells.actions}
        </Group>
        {editing ? (
          <Stack gap="xs">
            {cells.name}
            {cells.number}
            {cells.userType}
            {cells.role}
          </Stack>
        ) : (
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
            <CardField label={t('number', { brand })}>{cells.number}</CardField>
            <CardField label={t('phone')}>{cells.phone}</CardField>
            <CardField label={t('userType')}>{cells.userType}</CardField>
            <CardField label={t('role')}>{cells.role}</CardField>
            <CardField label={t('createdAt')}>{cells.createdAt}</CardField>
          </SimpleGrid>
        )}
      </Paper>
    );
  }
  return (
    <Table.Tr onKeyDownCapture={cancelOnEscape} bg={editing ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>{cells.name}</Table.Td>
      <Table.Td>{cells.number}</Table.Td>
      <Table.Td>{cells.phone}</Table.Td>
      <Table.Td>{cells.userType}</Table.Td>
      <Table.Td>{cells.role}</Table.Td>
      <Table.Td>{cells.createdAt}</Table.Td>
      <Table.Td>{cells.actions}</Table.Td>
    </Table.Tr>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
