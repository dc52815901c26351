/** The canned replies API (DESIGN.md §19) as the management screen and the comment form's picker use it. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CannedReplyInput, CannedReplyListReply, CannedReplyReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

const cannedRepliesKey = ['canned-replies'] as const;

/** One page of the replies the viewer may use, by title; `q` searches titles and bodies. */
export function useCannedReplies(q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: [...cannedRepliesKey, q, page],
    queryFn: ({ signal }) => apiRequest<CannedReplyListReply>('/canned-replies', { query: { q, page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Creates (no id) or changes (an id) a reply; every list is read again afterwards. */
export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CannedReplyInput }) =>
      apiRequest<CannedReplyReply>(id ? `/canned-replies/${id}` : '/canned-replies', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(`/canned-replies/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
}
