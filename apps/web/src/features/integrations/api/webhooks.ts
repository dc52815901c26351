/** The webhook endpoints and their deliveries (admins, DESIGN.md §21) as React Query hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookDeliveryListReply,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreatedReply,
  WebhookEndpointUpdate,
} from '@switchboard/shared';
import { webhookEndpointsKey as endpointsKey } from '../../../entities/webhook-endpoints.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const deliveriesKey = (id: string) => [...endpointsKey, id, 'deliveries'] as const;

/** While a delivery waits for its attempt, its page is read again this often to show how it went. */
const PENDING_REFRESH_MS = 2000;

/** Creates an endpoint; the reply holds its signing secret, the only time it is ever sent. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreate) =>
      apiRequest<WebhookEndpointCreatedReply>('/webhook-endpoints', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** Changes an endpoint: its fields, or `active` alone to pause or resume it. */
export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookEndpointUpdate }) =>
      apiRequest<{ data: WebhookEndpoint }>(`/webhook-endpoints/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/webhook-endpoints/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** One page (20) of an endpoint's deliveries, newest first; read again while one of them is pending. */
export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...deliveriesKey(id), page],
    queryFn: ({ signal }) =>
      apiRequest<WebhookDeliveryListReply>(`/webhook-endpoints/${id}/deliveries`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}

/** Queues a `webhook.test` event for the endpoint, whatever it listens to. */
export function useSendTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ data: WebhookDelivery }>(`/webhook-endpoints/${id}/test`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

/** Queues a delivery again, with the same `webhook-id`. */
export function useRedeliver(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest<{ data: WebhookDelivery }>(`/webhook-endpoints/${id}/deliveries/${deliveryId}/redeliver`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
