/** Replies of the integration API for the screen's tests. */
import type { ApiClient, ApiClientListReply, WebhookDelivery, WebhookEndpoint } from '@switchboard/shared';
import { uuid } from '../../lib/test-support.tsx';

export function apiClient(n: number, overrides: Partial<ApiClient> = {}): ApiClient {
  return {
    id: uuid(n),
    name: `Client ${n}`,
    department: 'cc',
    scopes: ['tickets:read'],
    created_by_name: 'Nadia Rahman',
    created_at: '2026-11-20T10:00:00Z',
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

export function clientList(data: ApiClient[], total = data.length): ApiClientListReply {
  const totalPages = Math.max(1, Math.ceil(total / 20));
  return { data, total, total_pages: totalPages, previous_page: null, next_page: totalPages > 1 ? 2 : null };
}

export function webhookEndpoint(n: number, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: uuid(100 + n),
    url: `https://hooks.example.com/${n}`,
    description: '',
    department: 'cc',
    events: ['ticket.created'],
    active: true,
    created_by_name: 'Nadia Rahman',
    created_at: '2026-11-20T10:00:00Z',
    failing_since: null,
    disabled_at: null,
    ...overrides,
  };
}

export function delivery(n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: uuid(200 + n),
    event: 'ticket.created',
    status: 'delivered',
    attempts: 1,
    status_code: 200,
    latency_ms: 42,
    error: null,
    created_at: '2026-11-26T10:00:00Z',
    last_attempt_at: '2026-11-26T10:00:01Z',
    next_attempt_at: null,
    ...overrides,
  };
}
