import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import type { UpdateUserBody, User } from '@switchboard/shared';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { usersMessages } from '../messages.ts';

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
export interface UserCells {
  name: ReactNode;
  number: ReactNode;
  phone: ReactNode;
  userType: ReactNode;
  role: ReactNode;
  createdAt: ReactNode;
  actions: ReactNode;
}

export function createdAtText(user: User, timeZone: string | undefined) {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatDisplayDateTime(user.created_at, timeZone)}
    </Text>
  );
}

/** One user as a table row or (on a phone) a card, read-only or being edited. */
export function ArrangedUser({ props, cells }: { props: UserRowProps; cells: UserCells }) {
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
