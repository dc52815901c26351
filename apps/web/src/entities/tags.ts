/** Staff's tags (DESIGN.md §27) as the ticket view's editor and the list's filter read and set them. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetTicketTagsInput, TagSuggestionsReply, TicketTagsReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

const tagsKey = ['tags'] as const;

/** The tags in use that begin with `q`, most used first (at most 20); the last answer stays while the next loads. */
export function useTagSuggestions(q: string, enabled = true) {
  return useQuery({
    queryKey: [...tagsKey, q.trim().toLocaleLowerCase()],
    queryFn: ({ signal }) => apiRequest<TagSuggestionsReply>('/tags', { query: { q: q.trim() }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** PUT /tickets/{id}/tags; afterwards the tickets (view and lists) and the suggestions are read again. */
export function useSetTicketTags(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetTicketTagsInput) => apiRequest<TicketTagsReply>(`/tickets/${ticketId}/tags`, { method: 'PUT', body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tickets'] }),
        queryClient.invalidateQueries({ queryKey: tagsKey }),
      ]);
    },
  });
}
