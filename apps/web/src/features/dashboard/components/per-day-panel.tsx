import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { listOf } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { dashboardMessages } from '../messages.ts';
import { PerDayChart } from './per-day-chart.tsx';
import { TicketsLink } from './figure-link.tsx';

/** Tickets raised and solved per day: a line chart, and the same figures as a table of links. */
export function PerDayPanel({ perDay }: { perDay: Dashboard['per_day'] }) {
  const t = useMessages(dashboardMessages);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('perDayTitle')}
        </Title>
        <PerDayChart perDay={perDay} />
        <details>
          <summary>
            <Text span size="sm">
              {t('daysAsTable')}
            </Text>
          </summary>
          <Table striped mt="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('day')}</Table.Th>
                <Table.Th>{t('perDayCreated')}</Table.Th>
                <Table.Th>{t('perDayResolved')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...perDay].reverse().map((day) => (
                <Table.Tr key={day.day}>
                  <Table.Td>{day.day}</Table.Td>
                  <Table.Td>
                    <TicketsLink search={listOf({ start_date: day.day, end_date: day.day })}>
                      {t('ticketCount', { count: day.created })}
                    </TicketsLink>
                  </Table.Td>
                  <Table.Td>
                    {/* The list filters by the day raised, not solved: this opens every solved ticket. */}
                    <TicketsLink search={listOf({ status: 'closed' })}>{t('ticketCount', { count: day.resolved })}</TicketsLink>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      </Stack>
    </Paper>
  );
}
