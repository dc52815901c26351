import { Button, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { canManageUsers, displayNumber, PAGE_SIZE, type UpdateUserBody, type User } from '@switchboard/shared';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { PermissionGate } from '../../components/permission-gate.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { lastPageOf } from '../../lib/pagination.ts';
import { useBrandName, useProviderTimeZone } from '../../lib/public-config.ts';
import { useDeleteUser, useUpdateUser, useUsers } from './api/users.ts';
import { UserRow } from './components/user-row.tsx';
import { usersMessages as m } from './messages.ts';

export function UserInfoScreen() {
  return (
    <PermissionGate allows={canManageUsers}>
      <UserTable />
    </PermissionGate>
  );
}

/** Whether a user matches the search text by name or by number (with or without +88). */
function matches(user: User, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return user.name.toLowerCase().includes(needle) || `+${user.product_number}`.includes(needle);
}

function UserTable() {
  const brand = useBrandName();
  const timeZone = useProviderTimeZone();
  // A phone gets cards: seven columns do not fit 390 pixels.
  const small = useMediaQuery('(max-width: 48em)');
  const users = useUsers();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const filtered = useMemo(() => (users.data ?? []).filter((user) => matches(user, search)), [users.data, search]);
  // A delete or a narrower search can leave the page past the end: show the last page instead.
  const current = Math.min(page, lastPageOf(filtered.length));
  const rows = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const rowProps = (user: User) => ({
    user,
    brand,
    timeZone,
    editing: editingId === user._id,
    saving: updateUser.isPending && updateUser.variables?.id === user._id,
    onEdit: () => setEditingId(user._id),
    onCancel: () => setEditingId(null),
    onSave: (body: UpdateUserBody) => save(user._id, body),
    onDelete: () => setDeleting(user),
  });
  const state = <TableState loading={users.isPending} empty={rows.length === 0} searching={search.trim() !== ''} />;

  function save(id: string, body: UpdateUserBody) {
    updateUser.mutate(
      { id, body },
      {
        // Success is silent (spec §7): the row simply shows the stored values.
        onSuccess: () => setEditingId(null),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    deleteUser.mutate(deleting._id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: m.deleted });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorMessage(error) });
        setDeleting(null);
      },
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{m.listTitle}</Title>
        <Button component={Link} to="/create-user" leftSection={<IconUserPlus size={18} />}>
          {m.createLink}
        </Button>
      </Group>
      <TextInput
        aria-label={m.searchLabel}
        placeholder={m.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {small ? (
        <Stack gap="sm">
          {rows.map((user) => (
            <UserRow key={user._id} layout="card" {...rowProps(user)} />
          ))}
          {state}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={1100}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {/* Widths fit the edit fields too, so that a row does not reflow when it turns into a form. */}
                  <Table.Th miw={180}>{m.columns.name}</Table.Th>
                  <Table.Th w={190}>{m.columns.number(brand)}</Table.Th>
                  <Table.Th w={150}>{m.columns.phone}</Table.Th>
                  <Table.Th w={160}>{m.columns.userType}</Table.Th>
                  <Table.Th w={140}>{m.columns.role}</Table.Th>
                  <Table.Th w={190}>{m.columns.createdAt}</Table.Th>
                  <Table.Th w={90} ta="right">
                    {m.columns.actions}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <UserRow key={user._id} layout="row" {...rowProps(user)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {state}
        </Paper>
      )}
      <PaginationFooter page={current} total={filtered.length} onPageChange={setPage} />
      <ConfirmDialog
        opened={deleting !== null}
        title={m.deleteTitle}
        body={deleting ? m.deleteBody(deleting.name, displayNumber(deleting.product_number)) : ''}
        loading={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function TableState({ loading, empty, searching }: { loading: boolean; empty: boolean; searching: boolean }) {
  if (loading) {
    return (
      <Group justify="center" gap="xs" p="lg">
        <Loader size="sm" />
        <Text c="dimmed">{m.loading}</Text>
      </Group>
    );
  }
  if (!empty) return null;
  return (
    <Text c="dimmed" ta="center" p="lg">
      {searching ? m.noMatches : m.empty}
    </Text>
  );
}
