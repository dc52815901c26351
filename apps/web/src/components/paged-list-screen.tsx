import { Group, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { lastPageOf } from '../lib/pagination.ts';
import { LoadError } from './load-error.tsx';
import { LoadingNote } from './loading-note.tsx';
import { PaginationFooter } from './pagination-footer.tsx';
import { ScreenHeading } from './screen-heading.tsx';

/** What the shell reads of a list's query (React Query's result fits). */
export interface PagedListRead {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface PagedListScreenProps {
  title: string;
  intro?: string;
  /** 2 when the list is one panel of a screen that has its own title. */
  order?: 1 | 2;
  /** Beside the title: the list's create button. */
  action?: ReactNode;
  /** Filters, search box or tabs above the list; their values live in the URL. */
  filters?: ReactNode;
  read: PagedListRead;
  /** The list's own words when the read fails and the server sent no message. */
  failedText?: string;
  loadingText: string;
  emptyText: string;
  /** The page read holds no row. */
  empty: boolean;
  page: number;
  total: number;
  /** The total is the server's estimate (`total_is_estimate`). */
  estimated?: boolean | undefined;
  /** Rows a page holds, when not the spec's 10. */
  pageSize?: number;
  /** A page chosen in the footer, or the last page (`replace`) when the URL's page is past the end. */
  onPageChange: (page: number, replace?: boolean) => void;
  maw?: number;
  /** The rows (a table, or cards on a phone). */
  children: ReactNode;
  /** Dialogs and panels below the footer. */
  after?: ReactNode;
}

/**
 * The shell of every paged admin list (DESIGN.md §1): title, filters, the rows, a load error with
 * Retry in place of rows that could not be read, and the footer. The page and the filters live in
 * the URL, so that reload and back keep them.
 */
export function PagedListScreen(props: PagedListScreenProps) {
  const { read, page, total, onPageChange } = props;
  const last = lastPageOf(total, props.pageSize);

  // A page past the end (rows left the list since the link was made) shows the last page instead.
  useEffect(() => {
    if (!read.isPlaceholderData && total > 0 && page > last) onPageChange(last, true);
  }, [read.isPlaceholderData, total, page, last, onPageChange]);

  const heading = <ScreenHeading title={props.title} intro={props.intro} order={props.order} />;
  return (
    <Stack gap="md" maw={props.maw}>
      {props.action ? (
        <Group justify="space-between" align="flex-end">
          {heading}
          {props.action}
        </Group>
      ) : (
        heading
      )}
      {props.filters}
      <ListBody {...props} />
      <PaginationFooter
        page={page}
        total={total}
        estimated={props.estimated}
        pageSize={props.pageSize}
        onPageChange={onPageChange}
      />
      {props.after}
    </Stack>
  );
}

function ListBody({ read, failedText, loadingText, emptyText, empty, children }: PagedListScreenProps) {
  // A failed refresh keeps the rows on screen; only rows that were never read give way to the error.
  if (read.isError && (read.isPending || empty)) {
    return <LoadError error={read.error} fallback={failedText} retrying={read.isFetching} onRetry={() => void read.refetch()} />;
  }
  if (read.isPending) return <LoadingNote text={loadingText} />;
  if (empty) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {emptyText}
      </Text>
    );
  }
  return children;
}
