import { Button, Stack, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { displayNumber, type UpdateUserBody, type User } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useBrandName, useProviderTimeZone } from '../../lib/public-config.ts';
import { useDeleteUser, useUpdateUser, useUsers } from './api/users.ts';
import { UserRow } from './components/user-row.tsx';
import { EraseNumberPanel } from './components/erase-number-panel.tsx';
import { SignInLockPanel } from './components/sign-in-lock-panel.tsx';
import { UserSearchBox } from './components/user-search-box.tsx';
import { usersMessages } from './messages.ts';

export function UserInfoScreen() {
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

  const goToPage = useCallback(
    (target: number, replace?: boolean) => {
      setEditingId(null);
      void navigate({ to: '/user-info', search: (previous) => ({ ...previous, page: target }), replace });
    },
    [navigate],
  );
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
    <PagedListScreen
      title={t('listTitle')}
      action={
        <Button component={Link} to="/create-user" leftSection={<IconUserPlus size={18} />}>
          {t('createLink')}
        </Button>
      }
      filters={<UserSearchBox applied={q} onSearch={applySearch} />}
      read={users}
      failedText={t('fetchFailed')}
      loadingText={t('loading')}
      emptyText={q !== '' ? t('noMatches') : t('empty')}
      empty={rows.length === 0}
      page={page}
      total={total}
      estimated={users.data?.total_is_estimate}
      onPageChange={goToPage}
      after={
        <>
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
          <EraseNumberPanel />
        </>
      }
    >
      {small ? (
        <Stack gap="sm">
          {rows.map((user) => (
            <UserRow key={user._id} layout="card" {...rowProps(user)} />
          ))}
        </Stack>
      ) : (
        <ListTable
          minWidth={1100}
          highlightOnHover
          radius="md"
          head={
            <>
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
            </>
          }
        >
          {rows.map((user) => (
            <UserRow key={user._id} layout="row" {...rowProps(user)} />
          ))}
        </ListTable>
      )}
    </PagedListScreen>
  );
}
