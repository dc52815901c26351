import { Box, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { PAGE_SIZE, type Group as GroupEntity, type Subgroup } from '@switchboard/shared';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useGroups } from '../../entities/groups.ts';
import { useMessages, type Translate } from '../../lib/i18n.ts';
import { lastPageOf } from '../../lib/pagination.ts';
import { useDeleteGroup, useDeleteSubgroup } from './api/groups.ts';
import { AddSubgroupDialog } from './components/add-subgroup-dialog.tsx';
import { GroupRow } from './components/group-row.tsx';
import { groupsMessages } from './messages.ts';

/** What the confirm dialog is about to delete. */
type Deleting = { kind: 'group'; group: GroupEntity } | { kind: 'subgroup'; group: GroupEntity; subgroup: Subgroup };

export function GroupInfoScreen() {
  const t = useMessages(groupsMessages);
  // A phone gets cards: three columns of names and buttons do not fit 390 pixels.
  const small = useMediaQuery('(max-width: 48em)');
  const groups = useGroups();
  const deleteGroup = useDeleteGroup();
  const deleteSubgroup = useDeleteSubgroup();
  const [page, setPage] = useState(1);
  const [addingTo, setAddingTo] = useState<GroupEntity | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  const all = groups.data ?? [];
  // A delete can leave the page past the end: show the last page instead.
  const current = Math.min(page, lastPageOf(all.length));
  const rows = all.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const settle = {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('deleted') });
      setDeleting(null);
    },
    // A failure stays in the confirm dialog, which shows why.
  };

  const listState = (
    <ListState
      loading={groups.isPending}
      empty={rows.length === 0}
      error={groups.isError ? groups.error : null}
      retrying={groups.isFetching}
      onRetry={() => void groups.refetch()}
    />
  );

  const handlersFor = (group: GroupEntity) => ({
    onAddSubgroup: () => setAddingTo(group),
    onDeleteGroup: () => setDeleting({ kind: 'group', group }),
    onDeleteSubgroup: (subgroup: Subgroup) => setDeleting({ kind: 'subgroup', group, subgroup }),
  });

  const deleteFailure = deleteGroup.error ?? deleteSubgroup.error;

  function confirmDelete() {
    if (deleting?.kind === 'group') deleteGroup.mutate(deleting.group._id, settle);
    if (deleting?.kind === 'subgroup')
      deleteSubgroup.mutate({ groupId: deleting.group._id, subId: deleting.subgroup._id }, settle);
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('listTitle')}
        </Title>
        <Button component={Link} to="/create-group" leftSection={<IconPlus size={18} />}>
          {t('createLink')}
        </Button>
      </Group>
      {small ? (
        <Stack gap="sm">
          {rows.map((group) => (
            <GroupRow key={group._id} layout="card" group={group} {...handlersFor(group)} />
          ))}
          {listState}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="28%">{t('groupName')}</Table.Th>
                  <Table.Th>{t('subgroups')}</Table.Th>
                  <Table.Th w={130} ta="right">
                    {t('actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((group) => (
                  <GroupRow key={group._id} layout="row" group={group} {...handlersFor(group)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {listState}
        </Paper>
      )}
      <PaginationFooter page={current} total={all.length} onPageChange={setPage} />
      <AddSubgroupDialog group={addingTo} onClose={() => setAddingTo(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting?.kind === 'subgroup' ? t('deleteSubgroupTitle') : t('deleteGroupTitle')}
        body={deleteBody(deleting, t)}
        loading={deleteGroup.isPending || deleteSubgroup.isPending}
        error={deleteFailure ? errorMessage(deleteFailure) : null}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(null);
          deleteGroup.reset();
          deleteSubgroup.reset();
        }}
      />
    </Stack>
  );
}

interface ListStateProps {
  loading: boolean;
  empty: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

function ListState({ loading, empty, error, retrying, onRetry }: ListStateProps) {
  const t = useMessages(groupsMessages);
  if (error) {
    return (
      <Box p="md">
        <LoadError error={error} fallback={t('fetchFailed')} retrying={retrying} onRetry={onRetry} />
      </Box>
    );
  }
  if (loading) {
    return (
      <Group justify="center" gap="xs" p="lg" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('loading')}</Text>
      </Group>
    );
  }
  if (!empty) return null;
  return (
    <Text c="dimmed" ta="center" p="lg" role="status">
      {t('empty')}
    </Text>
  );
}

/** The subgroup is named by both its names, in the order the language reads best (the message's). */
function deleteBody(deleting: Deleting | null, t: Translate<keyof typeof groupsMessages.english>): string {
  if (!deleting) return '';
  if (deleting.kind === 'group') return t('deleteGroupBody', { group: deleting.group.group_name });
  return t('deleteSubgroupBody', {
    english: deleting.subgroup.sub_group_en,
    bangla: deleting.subgroup.sub_group_bn,
    group: deleting.group.group_name,
  });
}
