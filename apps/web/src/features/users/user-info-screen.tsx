import { Box, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { canManageUsers, displayNumber, type UpdateUserBody, type User } from '@switchboard/shared';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { PermissionGate } from '../../components/permission-gate.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useBrandName, useProviderTimeZone } from '../../lib/public-config.ts';
import { useDeleteUser, useUpdateUser, useUsers } from './api/users.ts';
import { UserRow } from './components/user-row.tsx';
import { SignInLockPanel } from './components/sign-in-lock-panel.tsx';
import { UserSearchBox } from './components/user-search-box.tsx';
import { usersMessages } from './messages.ts';

export function UserInfoScreen() {
  return (
    <PermissionGate allows={canManageUsers}>
      <UserTable />
    </PermissionGate>
  );
}

function UserTable() {
  const t = useMessages(usersMessages);
  const brand = useBrandName();
  const timeZone = useProviderTimeZone();
  // A phone gets cards: seven columns do not fit 390 pixels.
  const small = useMediaQuery('(max-width: 48em)');
  const search = useSearch({ from: '/signed-in/user-info' });
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const q = search.q ?? '';
  const users = useUsers(page, search.q);
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const rows = users.data?.data ?? [];
  const total = users.data?.total ?? 0;
  const totalPages = users.data?.total_pages ?? 0;

  // A delete (or an old link) can leave the page past the end: show the last page instead.
  useEffect(() => {
    if (!users.isPlaceholderData && totalPages > 0 && page > totalPages) {
      void navigate({ to: '/user-info', search: (previous) => ({ ...previous, page: totalPages }), replace: true });
    }
  }, [users.isPlaceholderData, totalPages, page, navigate]);

  const goToPage = (target: number) => {
    setEditingId(null);
    void navigate({ to: '/user-info', search: (previous) => ({ ...previous, page: target }) });
  };
  const applySearch = (text: string) => {
    if (text === q) return;
    setEditingId(null);
    void navigate({ to: '/user-info', search: { page: 1, ...(text ? { q: text } : {}) } });
  };

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
  const state = users.isError ? (
    <Box p="md">
      <LoadError
        error={users.error}
        fallback={t('fetchFailed')}
        retrying={users.isFetching}
        onRetry={() => void users.refetch()}
      />
    </Box>
  ) : (
    <TableState loading={users.isPending} empty={rows.length === 0} searching={q !== ''} />
  );

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
        notifications.show({ color: 'green', message: t('deleted') });
        setDeleting(null);
      },
      // A failure stays in the confirm dialog, which shows why.
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('listTitle')}
        </Title>
        <Button component={Link} to="/create-user" leftSection={<IconUserPlus size={18} />}>
          {t('createLink')}
        </Button>
      </Group>
      <UserSearchBox applied={q} onSearch={applySearch} />
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
                  <Table.Th miw={180}>{t('name')}</Table.Th>
                  <Table.Th w={190}>{t('number', { brand })}</Table.Th>
                  <Table.Th w={150}>{t('phone')}</Table.Th>
                  <Table.Th w={160}>{t('userType')}</Table.Th>
                  <Table.Th w={140}>{t('role')}</Table.Th>
                  <Table.Th w={190}>{t('createdAt')}</Table.Th>
                  <Table.Th w={90} ta="right">
                    {t('actions')}
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
      <PaginationFooter page={page} total={total} estimated={users.data?.total_is_estimate} onPageChange={goToPage} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        body={deleting ? t('deleteBody', { name: deleting.name, number: displayNumber(deleting.product_number) }) : ''}
        loading={deleteUser.isPending}
        error={deleteUser.isError ? errorMessage(deleteUser.error) : null}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(null);
          deleteUser.reset();
        }}
      />
      <SignInLockPanel />
    </Stack>
  );
}

function TableState({ loading, empty, searching }: { loading: boolean; empty: boolean; searching: boolean }) {
  const t = useMessages(usersMessages);
  if (loading) {
    return (
      <Group justify="center" gap="xs" p="lg">
        <Loader size="sm" />
        <Text c="dimmed">{t('loading')}</Text>
      </Group>
    );
  }
  if (!empty) return null;
  return (
    <Text c="dimmed" ta="center" p="lg">
      {searching ? t('noMatches') : t('empty')}
    </Text>
  );
}
