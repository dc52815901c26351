import { Paper, Stack, Table, Title } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { listOf } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { dashboardMessages } from '../messages.ts';
import { BacklogChart } from './backlog-chart.tsx';
import { TicketsLink } from './figure-link.tsx';

/** Each department's unsolved tickets: a bar chart, and the figures as links to their lists. */
export function BacklogPanel({ backlog }: { backlog: Dashboard['backlog'] }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('backlogTitle')}
        </Title>
        <BacklogChart backlog={backlog} />
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('department')}</Table.Th>
                <Table.Th>{t('backlogOpen')}</Table.Th>
                <Table.Th>{t('backlogInProgress')}</Table.Th>
                <Table.Th>{t('backlogOverdue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {backlog.map((row) => (
                <Table.Tr key={row.department}>
                  <Table.Th scope="row">{labels.department(row.department)}</Table.Th>
                  <Table.Td>
                    <TicketsLink search={listOf({ issued_to: row.department, status: 'open' })}>{row.open}</TicketsLink>
                  </Table.Td>
                  <Table.Td>
                    <TicketsLink search={listOf({ issued_to: row.department, status: 'in_progress' })}>
                      {row.in_progress}
                    </TicketsLink>
                  </Table.Td>
                  <Table.Td>
                    <TicketsLink
                      search={listOf({ issued_to: row.department, overdue: true })}
                      c={row.overdue > 0 ? 'red.8' : undefined}
                    >
                      {row.overdue}
                    </TicketsLink>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
