import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListTableProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header cells. */
  head: ReactNode;
  /** Rows that open something light up under the pointer. */
  highlightOnHover?: boolean;
  radius?: 'md';
  className?: string;
  /** The browser's own scrollbar (the ticket lists, whose rows are links). */
  nativeScroll?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** A list's table in its frame: the header row, the rows, and sideways scrolling on narrow screens. */
export function ListTable({ minWidth, head, highlightOnHover, radius, className, nativeScroll, children }: ListTableProps) {
  return (
    <Paper withBorder radius={radius}>
      <Table.ScrollContainer minWidth={minWidth} type={nativeScroll ? 'native' : undefined}>
        <Table verticalSpacing="sm" highlightOnHover={highlightOnHover} className={className}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
