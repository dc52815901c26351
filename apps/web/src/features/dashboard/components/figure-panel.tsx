import { Paper, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One panel of the dashboard: its title over a chart, a table or a list. */
export function FigurePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export interface FigureTableProps<Row> {
  /** The column headings; the first heads the row headings. */
  columns: string[];
  rows: Row[];
  keyOf: (row: Row) => string;
  /** The row's heading (a department, a day) and then its figures, one per further column. */
  cells: (row: Row) => [ReactNode, ...ReactNode[]];
  striped?: boolean;
}

/** The figures of a panel as a table whose first cell heads each row. */
export function FigureTable<Row>({ columns, rows, keyOf, cells, striped = false }: FigureTableProps<Row>) {
  return (
    <Table fz="sm" striped={striped} mt={striped ? 'xs' : undefined}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const [heading, ...figures] = cells(row);
          return (
            <Table.Tr key={keyOf(row)}>
              <Table.Th scope="row">{heading}</Table.Th>
              {figures.map((figure, index) => (
                <Table.Td key={index}>{figure}</Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
