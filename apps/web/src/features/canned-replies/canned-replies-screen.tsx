import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { CannedReply } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { currentSession } from '../../lib/session.ts';
import { useCannedReplies, useDeleteCannedReply } from '../../entities/canned-replies.ts';
import { CannedReplyDialog } from './canned-reply-dialog.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { cannedReplyMessages } from './messages.ts';

/** /canned-replies?q=&page=: the replies staff may use, by title, 10 per page; theirs to create, edit and delete. */
export function CannedRepliesScreen() {
  const search = useSearch({ from: '/signed-in/canned-replies' });
  const t = useMessages(cannedReplyMessages);
  const labels = useLabels();
  const navigate = useNavigate();
  const session = currentSession();
  const [typed, setTyped] = useState(search.q ?? '');
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const list = useCannedReplies(search.q ?? '', search.page);
  const remove = useDeleteCannedReply();
  const rows = list.data?.data ?? [];

  const searchFor = useDebouncedCallback((q: string) => {
    void navigate({ to: '/canned-replies', search: { ...(q.trim() ? { q: q.trim() } : {}), page: 1 } });
  }, 300);

  const goToPage = useCallback(
    (page: number, replace?: boolean) =>
      void navigate({ to: '/canned-replies', search: (previous) => ({ ...previous, page }), replace }),
    [navigate],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('deleteDone') });
        setDeleting(null);
      },
    });
  };

  if (!session) return null;

  return (
    <PagedListScreen
      title={t('title')}
      intro={t('intro')}
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('create')}
        </Button>
      }
      filters={
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={typed}
          maxLength={100}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchFor(event.currentTarget.value);
          }}
          maw={420}
        />
      }
      read={list}
      loadingText={t('loading')}
      emptyText={search.q ? t('noMatch') : t('empty')}
      empty={rows.length === 0}
      page={search.page}
      total={list.data?.total ?? 0}
      onPageChange={goToPage}
      after={
        <>
          {editing !== null && (
            <CannedReplyDialog viewer={session} reply={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
          )}
          <ConfirmDialog
            opened={deleting !== null}
            title={t('deleteTitle')}
            body={t('deleteBody', { title: deleting?.title ?? '' })}
            loading={remove.isPending}
            error={remove.isError ? errorMessage(remove.error) : null}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
          />
        </>
      }
    >
      {/* On a phone the bodies step aside, so that Edit and Delete stay on screen. */}
      <ListTable
        minWidth={340}
        head={
          <>
            <Table.Th>{t('columnTitle')}</Table.Th>
            <Table.Th>{t('columnDepartment')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('columnText')}</Table.Th>
            <Table.Th>{t('columnActions')}</Table.Th>
          </>
        }
      >
        {rows.map((reply) => (
          <Table.Tr key={reply.id}>
            <Table.Td fw={500}>{reply.title}</Table.Td>
            <Table.Td>{reply.department ? labels.department(reply.department) : t('shared')}</Table.Td>
            <Table.Td maw={420} visibleFrom="sm">
              <Text size="sm" lineClamp={2}>
                {reply.body_en}
              </Text>
            </Table.Td>
            <Table.Td>
              {reply.can_manage && (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(reply)}
                    aria-label={t('editReply', { title: reply.title })}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => {
                      remove.reset();
                      setDeleting(reply);
                    }}
                    aria-label={t('deleteReply', { title: reply.title })}
                  >
                    {t('delete')}
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </PagedListScreen>
  );
}
