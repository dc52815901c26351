/**
 * The webhook endpoints (admins, DESIGN.md §21), as the integrations screen lists them and the
 * signed-in frame reads them to tell admins of an endpoint that fails or was turned off.
 */
import { useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointListReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** One key for every reader: a change on the integrations screen refreshes the frame's notice too. */
export const webhookEndpointsKey = ['webhook-endpoints'] as const;

export interface WebhookEndpointsOptions {
  /** False for anybody but an admin: the list is theirs alone, and nobody else asks for it. */
  enabled?: boolean;
  /** Read again this often (milliseconds); the default reads it when the screen mounts. */
  refetchInterval?: number;
}

/** GET /webhook-endpoints: all of them (at most WEBHOOK_ENDPOINTS_MAX), newest first. */
export function useWebhookEndpoints({ enabled = true, refetchInterval }: WebhookEndpointsOptions = {}) {
  return useQuery({
    queryKey: webhookEndpointsKey,
    queryFn: ({ signal }) => apiRequest<WebhookEndpointListReply>('/webhook-endpoints', { signal }),
    enabled,
    refetchInterval,
  });
}

export interface EndpointTrouble {
  /** Turned off by the desk after failing for 3 days. */
  disabled: WebhookEndpoint[];
  /** On, with deliveries failing since `failing_since`: turned off if none goes through for 3 days. */
  failing: WebhookEndpoint[];
}

/** The endpoints an admin should hear of; one paused by hand is the admin's own choice and is left out. */
export function endpointTrouble(endpoints: readonly WebhookEndpoint[]): EndpointTrouble {
  return {
    disabled: endpoints.filter((endpoint) => endpoint.disabled_at !== null),
    failing: endpoints.filter((endpoint) => endpoint.disabled_at === null && endpoint.active && endpoint.failing_since !== null),
  };
}
