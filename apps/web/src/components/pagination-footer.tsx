import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lastPageOf, pageSummary, pageWindow } from '../lib/pagination.ts';
import classes from './pagination-footer.module.css';

export interface PaginationFooterProps {
  page: number;
  total: number;
  /** The total is the server's estimate (`total_is_estimate`). */
  estimated?: boolean;
  onPageChange: (page: number) => void;
}

/** The list footer of the spec: 'Showing X-Y out of total' and first/previous/next/last with a window of pages. */
export function PaginationFooter({ page, total, estimated = false, onPageChange }: PaginationFooterProps) {
  const last = lastPageOf(total);
  const current = Math.min(page, last);
  const step = (label: string, target: number, icon: ReactNode) => (
    <ActionIcon
      variant="default"
      className={classes.step}
      aria-label={label}
      disabled={total === 0 || target === current || target < 1 || target > last}
      onClick={() => onPageChange(target)}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label="Pagination">
      <Text size="sm" c="dimmed" aria-live="polite">
        {pageSummary(current, total, undefined, estimated)}
      </Text>
      {total > 0 && (
        <div className={classes.controls}>
          {step('First page', 1, <IconChevronsLeft size={16} />)}
          {step('Previous page', current - 1, <IconChevronLeft size={16} />)}
          {pageWindow(current, last).map((number) => (
            <UnstyledButton
              key={number}
              className={classes.page}
              data-active={number === current || undefined}
              aria-current={number === current ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onPageChange(number)}
            >
              {number}
            </UnstyledButton>
          ))}
          {step('Next page', current + 1, <IconChevronRight size={16} />)}
          {step('Last page', last, <IconChevronsRight size={16} />)}
        </div>
      )}
    </Group>
  );
}
