/** The subscriber directory and its areas (DESIGN.md §23) as React Query hooks, and the import's upload. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AreaCreate,
  AreaListReply,
  AreaReply,
  AreaUpdate,
  SubscriberImportReply,
  SubscriberListReply,
} from '@switchboard/shared';
import { subscribersKey } from '../../../entities/subscribers.ts';
import { ApiError, apiRequest, UNKNOWN } from '../../../lib/api-client.ts';
import { currentLanguage, translate } from '../../../lib/i18n.ts';
import { readToken } from '../../../lib/session.ts';
import { subscribersMessages } from '../messages.ts';

const areasKey = ['areas'] as const;

/** Every area by code (staff). */
export function useAreas() {
  return useQuery({
    queryKey: areasKey,
    queryFn: ({ signal }) => apiRequest<AreaListReply>('/areas', { signal }),
  });
}

function useAreaWrite<Input, Reply>(write: (input: Input) => Promise<Reply>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: areasKey }) });
}

export function useCreateArea() {
  return useAreaWrite((body: AreaCreate) => apiRequest<AreaReply>('/areas', { method: 'POST', body }));
}

export function useUpdateArea() {
  return useAreaWrite(({ code, body }: { code: string; body: AreaUpdate }) =>
    apiRequest<AreaReply>(`/areas/${encodeURIComponent(code)}`, { method: 'PATCH', body }),
  );
}

export function useDeleteArea() {
  return useAreaWrite((code: string) =>
    apiRequest<{ message: string }>(`/areas/${encodeURIComponent(code)}`, { method: 'DELETE' }),
  );
}

/** One page (20) of the subscribers matching, newest change first; the previous page stays while the next loads. */
export function useSubscriberSearch(q: string, area: string, page: number) {
  return useQuery({
    queryKey: [...subscribersKey, 'list', q, area, page],
    queryFn: ({ signal }) => apiRequest<SubscriberListReply>('/subscribers', { query: { q, area, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POSTs the CSV file as it is (`text/csv`), reporting the upload's progress (0–1): XMLHttpRequest,
 * because fetch reports none. The reply is the import's report; a refusal is an ApiError.
 */
export function uploadSubscriberCsv(file: File, onProgress: (share: number) => void): Promise<SubscriberImportReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/subscribers/import');
    request.setRequestHeader('content-type', 'text/csv');
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', currentLanguage());
    const token = readToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parsed(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as SubscriberImportReply);
      else {
        const { message, code } = (body ?? {}) as { message?: string; code?: string };
        reject(new ApiError(request.status, message ?? translate(subscribersMessages, 'importFailed'), code ?? UNKNOWN));
      }
    };
    request.onerror = () => reject(new ApiError(0, translate(subscribersMessages, 'importFailed'), 'network'));
    request.send(file);
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** After an import the lists and the areas' counts are stale. */
export function useForgetAfterImport() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: subscribersKey });
    void client.invalidateQueries({ queryKey: areasKey });
  };
}
