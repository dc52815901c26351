import { Anchor, Button, Table, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ListTable } from '../../components/list-table.tsx';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useIncidentList } from '../../entities/incidents.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { IncidentStatusBadge } from './components/incident-status-badge.tsx';
import { GroupPath } from './group-path.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { incidentMessages } from './messages.ts';

// Loaded when first opened: its group choices would take the screen past its budget.
const NewIncidentDialog = lazy(() =>
  import('../../components/new-incident-dialog.tsx').then((module) => ({ default: module.NewIncidentDialog })),
);

/** /incidents?tab=&page=: staff's incidents, active or resolved, newest first, 10 per page. */
export function IncidentsScreen() {
  const t = useMessages(incidentMessages);
  const labels = useLabels();
  const search = useSearch({ from: '/signed-in/incidents' });
  const navigate = useNavigate();
  const timeZone = useProviderTimeZone();
  const list = useIncidentList(search.tab, search.page);
  useLiveEvents((event) => {
    if (event.event === 'incident.changed') void list.refetch();
  });
  const rows = list.data?.data ?? [];
  const [creating, setCreating] = useState(false);

  const goToPage = useCallback(
    (page: number, replace?: boolean) => void navigate({ to: '/incidents', search: { tab: search.tab, page }, replace }),
    [navigate, search.tab],
  );

  return (
    <>
      <PagedListScreen
        title={t('listTitle')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('newIncident')}
          </Button>
        }
        filters={
          <Tabs
            value={search.tab}
            onChange={(value) =>
              void navigate({ to: '/incidents', search: { tab: value === 'resolved' ? 'resolved' : 'active', page: 1 } })
            }
          >
            <Tabs.List aria-label={t('tabsLabel')}>
              <Tabs.Tab value="active">{t('tabActive')}</Tabs.Tab>
              <Tabs.Tab value="resolved">{t('tabResolved')}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        }
        read={list}
        loadingText={t('loading')}
        emptyText={search.tab === 'active' ? t('emptyActive') : t('emptyResolved')}
        empty={rows.length === 0}
        page={search.page}
        total={list.data?.total ?? 0}
        onPageChange={goToPage}
      >
        <ListTable
          minWidth={640}
          highlightOnHover
          head={
            <>
              <Table.Th>{t('columnId')}</Table.Th>
              <Table.Th>{t('columnTitle')}</Table.Th>
              <Table.Th>{t('columnArea')}</Table.Th>
              <Table.Th>{t('columnTickets')}</Table.Th>
              <Table.Th>{t('columnCreated')}</Table.Th>
              <Table.Th>{t('columnStatus')}</Table.Th>
            </>
          }
        >
          {rows.map((incident) => (
            <Table.Tr key={incident.id}>
              <Table.Td>#{incident.id}</Table.Td>
              <Table.Td>
                <Anchor renderRoot={(props) => <Link to="/incidents/$id" params={{ id: String(incident.id) }} {...props} />}>
                  {incident.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <GroupPath
                  group={incident.group_name}
                  subgroup={
                    incident.sub_group_name &&
                    labels.subgroup({ sub_group_en: incident.sub_group_name, sub_group_bn: incident.sub_group_name_bn })
                  }
                />
              </Table.Td>
              <Table.Td>{t('ticketCounts', { total: incident.ticket_count, unsolved: incident.open_ticket_count })}</Table.Td>
              <Table.Td>{formatDisplayDateTime(incident.created_at, timeZone)}</Table.Td>
              <Table.Td>
                <IncidentStatusBadge status={incident.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </PagedListScreen>
      {creating && (
        <Suspense fallback={null}>
          <NewIncidentDialog
            opened
            onClose={() => setCreating(false)}
            onCreated={(id) => void navigate({ to: '/incidents/$id', params: { id: String(id) } })}
          />
        </Suspense>
      )}
    </>
  );
}
