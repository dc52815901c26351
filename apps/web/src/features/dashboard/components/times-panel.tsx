import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { formatMinutes, listOf } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { dashboardMessages } from '../messages.ts';
import { TicketsLink } from './figure-link.tsx';

/** Median minutes to the first reply and to resolve, per department; each opens that department's tickets. */
export function TimesPanel({ times }: { times: Dashboard['times'] }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('timesTitle')}
        </Title>
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('department')}</Table.Th>
              <Table.Th>{t('timesFirstReply')}</Table.Th>
              <Table.Th>{t('timesResolve')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {times.map((row) => (
              <Table.Tr key={row.department}>
                <Table.Th scope="row">{labels.department(row.department)}</Table.Th>
                <Table.Td>
                  <TicketsLink search={listOf({ issued_to: row.department })}>
                    {formatMinutes(row.median_first_reply_minutes, t) ?? t('timesNone')}
                  </TicketsLink>
                </Table.Td>
                <Table.Td>
                  <TicketsLink search={listOf({ issued_to: row.department, status: 'closed' })}>
                    {formatMinutes(row.median_resolve_minutes, t) ?? t('timesNone')}
                  </TicketsLink>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {t('timesNote')}
        </Text>
      </Stack>
    </Paper>
  );
}
