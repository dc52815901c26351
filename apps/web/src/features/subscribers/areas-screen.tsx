import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Area } from '@switchboard/shared';
import { Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { useAreas, useDeleteArea } from './api/subscribers.ts';
import { AreaDialog } from './lazy-dialogs.ts';
import { subscribersMessages } from './messages.ts';

/** /areas (admins, DESIGN.md §23): every area by code with its subscribers; add, edit, delete after confirming. */
export function AreasScreen() {
  const t = useMessages(subscribersMessages);
  const areas = useAreas();
  const remove = useDeleteArea();
  const [editing, setEditing] = useState<Area | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Area | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.code, {
      onSuccess: (reply) => {
        notifications.show({ color: 'green', message: reply.message });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <ScreenHeading title={t('areasTitle')} intro={t('areasIntro')} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('addArea')}
        </Button>
      </Group>
      <ReadState read={areas} loadingText={t('areasLoading')} failedText={t('areasFailed')}>
        {(reply) =>
          reply.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {t('areasEmpty')}
            </Text>
          ) : (
            <AreaTable
              areas={reply.data}
              onEdit={setEditing}
              onDelete={(area) => {
                remove.reset();
                setDeleting(area);
              }}
            />
          )
        }
      </ReadState>
      <Suspense fallback={null}>
        {editing !== null && <AreaDialog area={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      </Suspense>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteAreaTitle', { code: deleting?.code ?? '' })}
        body={t('deleteAreaBody')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface AreaTableProps {
  areas: Area[];
  onEdit: (area: Area) => void;
  onDelete: (area: Area) => void;
}

/** The areas; on a phone the code steps above the name and the group under it. */
function AreaTable({ areas, onEdit, onDelete }: AreaTableProps) {
  const t = useMessages(subscribersMessages);
  const bangla = currentLanguage() === 'bn';
  return (
    <ListTable
      minWidth={340}
      head={
        <>
          <Table.Th visibleFrom="sm">{t('columnCode')}</Table.Th>
          <Table.Th>{t('columnName')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnGroup')}</Table.Th>
          <Table.Th ta="right">{t('columnSubscribers')}</Table.Th>
          <Table.Th w={90} />
        </>
      }
    >
      {areas.map((area) => {
        const group = [area.group_name, area.sub_group_name].filter(Boolean).join(' › ');
        return (
          <Table.Tr key={area.code}>
            <Table.Td visibleFrom="sm">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {area.code}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500} hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                {area.code}
              </Text>
              <Text size="sm">{bangla ? area.name_bn : area.name_en}</Text>
              <Text size="xs" c="dimmed">
                {bangla ? area.name_en : area.name_bn}
              </Text>
              {group && (
                <Text size="xs" c="dimmed" hiddenFrom="md">
                  {group}
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="md">
              <Text size="sm">{group || '—'}</Text>
            </Table.Td>
            <Table.Td ta="right">{area.subscriber_count.toLocaleString('en-US')}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <ActionIcon variant="subtle" aria-label={t('editAreaLabel', { code: area.code })} onClick={() => onEdit(area)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('deleteAreaLabel', { code: area.code })}
                  onClick={() => onDelete(area)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
