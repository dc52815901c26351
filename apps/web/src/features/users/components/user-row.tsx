import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { displayNumber } from '@switchboard/shared';
import { useMessages, type Translate } from '../../../lib/i18n.ts';
import { useLabels, type Labels } from '../../../lib/labels.ts';
import { usersMessages } from '../messages.ts';
import { ArrangedUser, createdAtText, type UserCells, type UserRowProps } from './user-row-layout.tsx';

// The edit fields (user-type and role pickers, the shared schemas that check them) load when an
// admin first edits a user: the list itself needs none of them.
const UserRowEditor = lazy(() => import('./user-row-editor.tsx').then((module) => ({ default: module.UserRowEditor })));

type UsersTranslate = Translate<keyof typeof usersMessages.english>;

export function UserRow(props: UserRowProps) {
  const t = useMessages(usersMessages);
  const labels = useLabels();
  // Until the edit fields have loaded, the row stays as it was.
  const readOnly = <ArrangedUser props={{ ...props, editing: false }} cells={readOnlyCells(props, t, labels)} />;
  if (!props.editing) return readOnly;
  return (
    <Suspense fallback={readOnly}>
      <UserRowEditor {...props} />
    </Suspense>
  );
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
