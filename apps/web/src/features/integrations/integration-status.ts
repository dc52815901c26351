/** What the tables say of a client or an endpoint, from the dates the server keeps. */
import type { ApiClient, WebhookEndpoint } from '@switchboard/shared';

export type ClientStatus = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: a revoked client never comes back, an expired one only by a new token. */
export function clientStatus(client: Pick<ApiClient, 'revoked_at' | 'expires_at'>, now = Date.now()): ClientStatus {
  if (client.revoked_at) return 'revoked';
  if (client.expires_at && Date.parse(client.expires_at) <= now) return 'expired';
  return 'active';
}

export type EndpointStatus =
  { kind: 'active' } | { kind: 'paused' } | { kind: 'failing'; since: string } | { kind: 'disabled'; at: string };

/**
 * An endpoint turned off by the desk after 3 days of failures reads so, not as paused by hand; a
 * failing one that still gets attempts says since when.
 */
export function endpointStatus(endpoint: Pick<WebhookEndpoint, 'active' | 'failing_since' | 'disabled_at'>): EndpointStatus {
  if (endpoint.disabled_at) return { kind: 'disabled', at: endpoint.disabled_at };
  if (!endpoint.active) return { kind: 'paused' };
  if (endpoint.failing_since) return { kind: 'failing', since: endpoint.failing_since };
  return { kind: 'active' };
}
