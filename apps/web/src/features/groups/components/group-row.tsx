import { ActionIcon, Group, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Group as GroupEntity, Subgroup } from '@switchboard/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { useRenameGroup, useRenameSubgroup } from '../api/groups.ts';
import { validateGroupName, validateSubgroupNames, type FieldErrors } from '../group-drafts.ts';
import { groupsMessages } from '../messages.ts';

export interface GroupRowProps {
  group: GroupEntity;
  layout: 'row' | 'card';
  onAddSubgroup: () => void;
  onDeleteGroup: () => void;
  onDeleteSubgroup: (subgroup: Subgroup) => void;
}

/** Edits show the server's message (spec §8); failures show its reason. */
const toastReply = (reply: { message: string }) => notifications.show({ color: 'green', message: reply.message });
const toastError = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });

/** Enter saves and Escape cancels while a name is being edited. */
const editKeys = (save: () => void, cancel: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') save();
  if (event.key === 'Escape') cancel();
};

/**
 * One group: its name (editable in place), its subgroups (each editable in place) and its actions;
 * a table row on wide screens, a card on a phone.
 */
export function GroupRow({ group, layout, onAddSubgroup, onDeleteGroup, onDeleteSubgroup }: GroupRowProps) {
  const t = useMessages(groupsMessages);
  const rename = useRenameGroup();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(group.group_name);
  const [errors, setErrors] = useState<FieldErrors>({});

  const startEditing = () => {
    setName(group.group_name);
    setErrors({});
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const save = () => {
    const result = validateGroupName(name);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    rename.mutate(
      { id: group._id, group_name: result.body.group_name },
      {
        onSuccess: (reply) => {
          toastReply(reply);
          setEditing(false);
        },
        onError: toastError,
      },
    );
  };

  const nameContent = editing ? (
    <Group gap={4} wrap="nowrap" align="flex-start" style={{ flex: 1 }}>
      <TextInput
        aria-label={t('groupName')}
        size="xs"
        value={name}
        error={errors.group_name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={editKeys(save, cancel)}
        autoFocus
        style={{ flex: 1 }}
      />
      <SaveCancel label={t('save', { name: group.group_name })} saving={rename.isPending} onSave={save} onCancel={cancel} />
    </Group>
  ) : (
    <Text fw={600}>{group.group_name}</Text>
  );

  const subgroupsContent =
    group.sub_groups.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('noSubgroups')}
      </Text>
    ) : (
      <Stack gap={6}>
        {group.sub_groups.map((subgroup) => (
          <SubgroupItem key={subgroup._id} groupId={group._id} subgroup={subgroup} onDelete={() => onDeleteSubgroup(subgroup)} />
        ))}
      </Stack>
    );

  const actions = (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <IconButton label={t('rename', { name: group.group_name })} onClick={startEditing} disabled={editing}>
        <IconPencil size={18} />
      </IconButton>
      <IconButton label={t('addSubgroup', { group: group.group_name })} onClick={onAddSubgroup}>
        <IconPlus size={18} />
      </IconButton>
      <IconButton label={t('delete', { name: group.group_name })} onClick={onDeleteGroup} color="red">
        <IconTrash size={18} />
      </IconButton>
    </Group>
  );

  if (layout === 'card') {
    return (
      <Paper component="article" aria-label={group.group_name} withBorder radius="md" p="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
          {nameContent}
          {!editing && actions}
        </Group>
        {subgroupsContent}
      </Paper>
    );
  }
  return (
    <Table.Tr>
      <Table.Td valign="top">{nameContent}</Table.Td>
      <Table.Td valign="top">{subgroupsContent}</Table.Td>
      <Table.Td valign="top">{actions}</Table.Td>
    </Table.Tr>
  );
}

function SubgroupItem({ groupId, subgroup, onDelete }: { groupId: string; subgroup: Subgroup; onDelete: () => void }) {
  const t = useMessages(groupsMessages);
  // The buttons name the subgroup in the interface's language; the row itself shows both names.
  const shownName = useLabels().subgroup(subgroup);
  const rename = useRenameSubgroup();
  const [editing, setEditing] = useState(false);
  const [names, setNames] = useState({ sub_group_bn: subgroup.sub_group_bn, sub_group_en: subgroup.sub_group_en });
  const [errors, setErrors] = useState<FieldErrors>({});

  const startEditing = () => {
    setNames({ sub_group_bn: subgroup.sub_group_bn, sub_group_en: subgroup.sub_group_en });
    setErrors({});
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const save = () => {
    const result = validateSubgroupNames(names);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    rename.mutate(
      { groupId, subId: subgroup._id, names: result.body },
      {
        onSuccess: (reply) => {
          toastReply(reply);
          setEditing(false);
        },
        onError: toastError,
      },
    );
  };

  if (editing) {
    const keys = editKeys(save, cancel);
    return (
      <Group gap={4} wrap="wrap" align="flex-start">
        <TextInput
          aria-label={t('subgroupBn')}
          lang="bn"
          size="xs"
          value={names.sub_group_bn}
          error={errors.sub_group_bn}
          onChange={(event) => setNames({ ...names, sub_group_bn: event.currentTarget.value })}
          onKeyDown={keys}
          autoFocus
          style={{ flex: '1 1 140px' }}
        />
        <TextInput
          aria-label={t('subgroupEn')}
          size="xs"
          value={names.sub_group_en}
          error={errors.sub_group_en}
          onChange={(event) => setNames({ ...names, sub_group_en: event.currentTarget.value })}
          onKeyDown={keys}
          style={{ flex: '1 1 140px' }}
        />
        <SaveCancel label={t('save', { name: shownName })} saving={rename.isPending} onSave={save} onCancel={cancel} />
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm">
        <span lang="bn">{subgroup.sub_group_bn}</span>
        <Text span c="dimmed" size="sm">
          {' · '}
          {subgroup.sub_group_en}
        </Text>
      </Text>
      <Group gap={2} wrap="nowrap">
        <IconButton label={t('rename', { name: shownName })} onClick={startEditing} size="sm">
          <IconPencil size={15} />
        </IconButton>
        <IconButton label={t('delete', { name: shownName })} onClick={onDelete} color="red" size="sm">
          <IconTrash size={15} />
        </IconButton>
      </Group>
    </Group>
  );
}

function SaveCancel({
  label,
  saving,
  onSave,
  onCancel,
}: {
  label: string;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const t = useMessages(groupsMessages);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="filled" aria-label={label} loading={saving} onClick={onSave} size="md">
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon variant="default" aria-label={t('cancel')} disabled={saving} onClick={onCancel} size="md">
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

interface IconButtonProps {
  label: string;
  onClick: () => void;
  children: ReactNode;
  color?: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
}

function IconButton({ label, onClick, children, color, size = 'md', disabled = false }: IconButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} size={size} aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
