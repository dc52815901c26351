import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { PAGE_SIZE } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useMessages, type Translate } from '../lib/i18n.ts';
import { lastPageOf, pageWindow } from '../lib/pagination.ts';
import { componentsMessages } from './messages.ts';
import classes from './pagination-footer.module.css';

export interface PaginationFooterProps {
  page: number;
  total: number;
  /** The total is the server's estimate (`total_is_estimate`). */
  estimated?: boolean;
  /** More match than the server counts (`total_is_capped`, a text search): the total is that cap. */
  capped?: boolean;
  /** Rows a page holds when the list pages by another number than the spec's 10. */
  pageSize?: number;
  onPageChange: (page: number) => void;
}

/** Three significant digits: an estimate should not pretend to be exact (as lib/pagination.ts's pageSummary). */
function roundedForReading(total: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(total)) - 2);
  return Math.round(total / unit) * unit;
}

/**
 * 'Showing X-Y out of total' (or 'out of about 932,000' for an estimate, 'out of more than 1,000'
 * for a capped search), or 'No results to display': lib/pagination.ts's pageSummary in the
 * interface's language.
 */
export function pageSummaryText(
  t: Translate<keyof typeof componentsMessages.english>,
  page: number,
  total: number,
  estimated: boolean,
  capped = false,
  pageSize = PAGE_SIZE,
) {
  if (total <= 0) return t('noResults');
  const first = String(Math.min((page - 1) * pageSize + 1, total));
  const last = String(Math.min(page * pageSize, total));
  if (capped) return t('showingMoreThan', { first, last, total: total.toLocaleString('en-US') });
  if (estimated) return t('showingAbout', { first, last, total: roundedForReading(total).toLocaleString('en-US') });
  return t('showing', { first, last, total: String(total) });
}

/** The list footer of the spec: 'Showing X-Y out of total' and first/previous/next/last with a window of pages. */
export function PaginationFooter({
  page,
  total,
  estimated = false,
  capped = false,
  pageSize = PAGE_SIZE,
  onPageChange,
}: PaginationFooterProps) {
  const t = useMessages(componentsMessages);
  const last = lastPageOf(total, pageSize);
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
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={t('pagination')}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {pageSummaryText(t, current, total, estimated, capped, pageSize)}
      </Text>
      {total > 0 && (
        <div className={classes.controls}>
          {step(t('firstPage'), 1, <IconChevronsLeft size={16} />)}
          {step(t('previousPage'), current - 1, <IconChevronLeft size={16} />)}
          {pageWindow(current, last).map((number) => (
            <UnstyledButton
              key={number}
              className={classes.page}
              data-active={number === current || undefined}
              aria-current={number === current ? 'page' : undefined}
              aria-label={t('page', { number })}
              onClick={() => onPageChange(number)}
            >
              {number}
            </UnstyledButton>
          ))}
          {step(t('nextPage'), current + 1, <IconChevronRight size={16} />)}
          {step(t('lastPage'), last, <IconChevronsRight size={16} />)}
        </div>
      )}
    </Group>
  );
}
