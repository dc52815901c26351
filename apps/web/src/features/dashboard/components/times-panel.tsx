import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { departmentLabel, formatMinutes, listOf } from '../figures.ts';
import { dashboardMessages as m } from '../messages.ts';
import { TicketsLink } from './figure-link.tsx';

/** Median minutes to the first reply and to resolve, per department; each opens that department's tickets. */
export function TimesPanel({ times }: { times: Dashboard['times'] }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {m.times.title}
        </Title>
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Department</Table.Th>
              <Table.Th>{m.times.firstReply}</Table.Th>
              <Table.Th>{m.times.resolve}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {times.map((row) => (
              <Table.Tr key={row.department}>
                <Table.Th scope="row">{departmentLabel(row.department)}</Table.Th>
                <Table.Td>
                  <TicketsLink search={listOf({ issued_to: row.department })}>
                    {formatMinutes(row.median_first_reply_minutes) ?? m.times.none}
                  </TicketsLink>
                </Table.Td>
                <Table.Td>
                  <TicketsLink search={listOf({ issued_to: row.department, status: 'closed' })}>
                    {formatMinutes(row.median_resolve_minutes) ?? m.times.none}
                  </TicketsLink>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {m.times.note}
        </Text>
      </Stack>
    </Paper>
  );
}
