/**
 * Helpers for component tests only (never imported by the app): render the real app at a path (or
 * one component with the app's providers), answer its HTTP calls at the network boundary (`fetch`),
 * so that everything above it runs as in the browser, and the fixtures several tests read.
 */
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createChallenge, sha } from 'altcha/lib';
import { vi } from 'vitest';
import type { NumberHistory, Role, Ticket, TicketListItem, TicketListReply, UserType } from '@switchboard/shared';
import type { ReactElement, ReactNode } from 'react';
import { Providers } from '../app/providers.tsx';
import { routeTree } from '../app/router.tsx';
import { i18n } from './i18n.ts';

/** Renders the whole app (providers, router, lazy screens) at `path`. */
export function renderApp(path: string) {
  // Notifications live in a module-wide store: toasts of an earlier test would queue new ones.
  notifications.clean();
  notifications.cleanQueue();
  // The app's staleTime: a list or ticket the route's loader fetched is not fetched again by the screen.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
  const router = createRouter({
    routeTree,
    context: { queryClient: client },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <Providers client={client} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/** Renders one component the way the app does (Mantine, notifications, React Query, the language). */
export function renderWithProviders(ui: ReactElement) {
  // The notifications store is global: toasts of an earlier test must not show up in this one.
  notifications.clean();
  notifications.cleanQueue();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type ApiResponder = (call: ApiCall) => Response | object | Promise<Response | object>;

/** A handler answers one call; a plain value is sent as a 200 JSON reply. */
export type ApiHandler = Response | object | ApiResponder;

function isResponder(handler: ApiHandler): handler is ApiResponder {
  return typeof handler === 'function';
}

export function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The key of a route in `mockApi`: "POST /api/v1/users/login". */
type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** A bot-check secret for challenges made in tests; payloads can be verified against it. */
export const TEST_CAPTCHA_SECRET = 'test-captcha-secret';

/**
 * Replaces `fetch` for the test. `GET /api/v1/config` and the bot-check challenge (a real, cheap
 * one) are answered unless overridden; anything else unknown gets the server's 404 reply.
 * Returns the calls made, in order.
 */
/** A group's subgroups read (GET /groups/{id}/subgroups) answers from the mocked group list unless a test mocks it. */
function subgroupsOfListed(table: Partial<Record<RouteKey, ApiHandler>>, method: string, path: string): ApiHandler | undefined {
  const groupId = method === 'GET' ? /^\/api\/v1\/groups\/([^/]+)\/subgroups$/.exec(path)?.[1] : undefined;
  const list = table['GET /api/v1/groups' as RouteKey];
  if (groupId === undefined || list === undefined || isResponder(list) || list instanceof Response) return undefined;
  const groups = (list as { data?: { _id: string; sub_groups: unknown[] }[] }).data ?? [];
  const group = groups.find((candidate) => candidate._id === decodeURIComponent(groupId));
  return group ? { sub_groups: group.sub_groups } : undefined;
}

export function mockApi(routes: Partial<Record<RouteKey, ApiHandler>> = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  const table: Partial<Record<RouteKey, ApiHandler>> = {
    'GET /api/v1/config': {
      brand_name: 'Switchboard',
      timezone: 'Asia/Dhaka',
      captcha: { challenge_url: '/api/v1/captcha/challenge' },
    },
    'GET /api/v1/captcha/challenge': () =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: 3,
        deriveKey: sha.deriveKey,
        hmacSignatureSecret: TEST_CAPTCHA_SECRET,
      }),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const call: ApiCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        // A JSON body parsed; another text (an iCal file) as it was sent.
        body:
          typeof init.body === 'string' && new Headers(init.headers).get('content-type') === 'application/json'
            ? (JSON.parse(init.body) as unknown)
            : init.body,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const handler = table[`${method} ${url.pathname}` as RouteKey] ?? subgroupsOfListed(table, method, url.pathname);
      if (handler === undefined)
        return jsonReply(404, { message: `No such endpoint: ${method} ${url.pathname}`, code: 'not_found' });
      const answer = isResponder(handler) ? await handler(call) : handler;
      return answer instanceof Response ? answer : jsonReply(200, answer);
    }),
  );
  return calls;
}

/** An unsigned token with the claims the SPA reads (the server is not involved in these tests). */
export function fakeSessionToken(claims: {
  user_type: UserType;
  role: Role;
  name?: string;
  number?: string;
  sub?: string;
}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = {
    sub: claims.sub ?? '00000000-0000-4000-8000-000000000001',
    name: claims.name ?? 'Test User',
    number: claims.number ?? '8809638000001',
    user_type: claims.user_type,
    role: claims.role,
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

/** Stores a token of that user type (and role) as a sign-in would. */
export function signInAs(user_type: UserType, role: Role = 'user'): void {
  localStorage.setItem('jwt_token', fakeSessionToken({ user_type, role }));
}

/** A fixed UUID numbered `n` (groups, subgroups, users of the fixtures). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A row of a ticket list: an open customer ticket held by cc unless `overrides` say otherwise. */
export function ticketRow(ticket_id: number, title: string, overrides: Partial<TicketListItem> = {}): TicketListItem {
  return {
    ticket_id,
    title,
    problematic_number: '8801712345678',
    issued_to: 'cc',
    issuer_number: '8809638000007',
    issuer_name: 'Sadia Karim',
    issuer_user_type: 'customer',
    client_email: null,
    created_at: '2026-11-20T04:05:06.000Z',
    ticket_status: 'open',
    ...overrides,
  };
}

/** A page of a ticket list, 10 per page, out of `total` tickets. */
export function ticketListReply(page: number, data: TicketListItem[], total = data.length): TicketListReply {
  const pages = Math.ceil(total / 10);
  return {
    data,
    total_tickets: total,
    total_pages: pages,
    previous_page: page > 1 ? page - 1 : null,
    next_page: page < pages ? page + 1 : null,
  };
}

/** A ticket as the ticket view reads it: in progress at iptsp, no comments, unless `overrides` say otherwise. */
export function ticketFixture(overrides: Partial<Ticket> = {}): Ticket {
  return {
    ticket_id: 100042,
    title: 'No internet since morning',
    description: 'Fibre down.',
    problematic_number: '8801712345678',
    issued_to: 'iptsp',
    issuer_number: '8809638000006',
    issuer_name: 'Rafiq Islam',
    issuer_user_type: 'agent',
    ticket_status: 'in_progress',
    created_at: '2026-11-20T04:05:06.000Z',
    resolved_at: null,
    attachments: [],
    comments: [],
    comments_total: 0,
    forwarder_history: [],
    group_id: null,
    group_name: 'Internet',
    sub_group_id: null,
    sub_group_name: null,
    client_email: null,
    ...overrides,
  };
}

/** A ticket of a number's history (the number history panel, the open-tickets notice). */
export function historyTicket(
  ticket_id: number,
  title: string,
  ticket_status: NumberHistory['tickets'][number]['ticket_status'],
): NumberHistory['tickets'][number] {
  return {
    ticket_id,
    title,
    problematic_number: '8801712345678',
    issuer_number: null,
    issuer_user_type: 'customer',
    client_email: null,
    created_at: '2026-11-01T04:00:00.000Z',
    ticket_status,
  };
}
