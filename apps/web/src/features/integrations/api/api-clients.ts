/** The API clients calls (admins, DESIGN.md §21) as React Query hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClientCreate, ApiClientCreatedReply, ApiClientListReply, ApiClient } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

const apiClientsKey = ['api-clients'] as const;

/** One page (20) of the clients, newest first, revoked ones too; the previous page stays while the next loads. */
export function useApiClients(page: number) {
  return useQuery({
    queryKey: [...apiClientsKey, page],
    queryFn: ({ signal }) => apiRequest<ApiClientListReply>('/api-clients', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Creates a client; the reply holds its token, the only time it is ever sent. */
export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiClientCreate) => apiRequest<ApiClientCreatedReply>('/api-clients', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsKey }),
  });
}

/** Revokes a client at once; the reply is the client with `revoked_at` set. */
export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ data: ApiClient }>(`/api-clients/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsKey }),
  });
}
