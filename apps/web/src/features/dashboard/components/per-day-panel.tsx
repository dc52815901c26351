import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { listOf } from '../figures.ts';
import { dashboardMessages as m } from '../messages.ts';
import { PerDayChart } from './per-day-chart.tsx';
import { TicketsLink } from './figure-link.tsx';

/** Tickets raised and solved per day: a line chart, and the same figures as a table of links. */
export function PerDayPanel({ perDay }: { perDay: Dashboard['per_day'] }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {m.perDay.title}
        </Title>
        <PerDayChart perDay={perDay} />
        <details>
          <summary>
            <Text span size="sm">
              The days as a table
            </Text>
          </summary>
          <Table striped mt="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th>{m.perDay.created}</Table.Th>
                <Table.Th>{m.perDay.resolved}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...perDay].reverse().map((day) => (
                <Table.Tr key={day.day}>
                  <Table.Td>{day.day}</Table.Td>
                  <Table.Td>
                    <TicketsLink search={listOf({ start_date: day.day, end_date: day.day })}>
                      {day.created} {m.tickets(day.created)}
                    </TicketsLink>
                  </Table.Td>
                  <Table.Td>
                    {/* The list filters by the day raised, not solved: this opens every solved ticket. */}
                    <TicketsLink search={listOf({ status: 'closed' })}>
                      {day.resolved} {m.tickets(day.resolved)}
                    </TicketsLink>
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
