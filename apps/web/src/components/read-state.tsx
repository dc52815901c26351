import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { LoadingNote } from './loading-note.tsx';

/** What a screen reads of one query (React Query's result fits). */
export interface ReadResult<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ReadStateProps<Data> {
  read: ReadResult<Data>;
  loadingText: string;
  /** The screen's own words when the read fails and the server sent no message. */
  failedText?: string;
  children: (data: Data) => ReactNode;
}

/** A read's three states: the loading note, the load error with Retry, or what the data shows. */
export function ReadState<Data>({ read, loadingText, failedText, children }: ReadStateProps<Data>) {
  if (read.isError && read.data === undefined) {
    return <LoadError error={read.error} fallback={failedText} retrying={read.isFetching} onRetry={() => void read.refetch()} />;
  }
  if (read.data === undefined) return <LoadingNote text={loadingText} py="md" />;
  return children(read.data);
}
