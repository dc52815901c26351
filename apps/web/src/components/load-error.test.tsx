import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Role, type User, type UserType } from '@switchboard/shared';
import { ApiError } from '../lib/api-client.ts';
import {
  type ApiResponder,
  fakeSessionToken,
  jsonReply,
  mockApi,
  renderApp,
  renderWithProviders,
  ticketListReply,
  ticketRow,
  uuid as id,
} from '../lib/test-support.tsx';
import { LoadError } from './load-error.tsx';

const BUSY = 'The database is busy, please try again';

const ticketPage = ticketListReply(1, [
  ticketRow(100001, 'Fibre down', { issued_to: 'rs', created_at: '2026-03-01T04:00:00.000Z' }),
]);
const person: User = {
  _id: id(1),
  name: 'Mitu Chowdhury',
  product_number: '8809638000011',
  phone_number: '8801712345678',
  user_type: 'rs',
  role: 'support',
  created_at: '2025-01-02T03:04:05.000Z',
};
const group = { _id: id(2), group_name: 'Internet', sub_groups: [] };

/**
 * Fails with the server's message until `recover()`, then answers as the server would. (However
 * often the page asks before: the ticket list's route asks once before its screen does.)
 */
function failingUntilRecovered(reply: object): { respond: ApiResponder; recover: () => void } {
  let failing = true;
  return {
    respond: () => (failing ? jsonReply(503, { message: BUSY, code: 'unavailable' }) : reply),
    recover: () => {
      failing = false;
    },
  };
}

interface ListCase {
  screen: string;
  path: string;
  viewer: { user_type: UserType; role: Role };
  call: `GET /${string}`;
  reply: object;
  empty: string;
  row: string;
}

const LISTS: ListCase[] = [
  {
    screen: 'tickets',
    path: '/tickets?page=1',
    viewer: { user_type: 'customer', role: 'user' },
    call: 'GET /api/v1/tickets/user-type-wise-tickets/1',
    reply: ticketPage,
    empty: 'No tickets found.',
    row: 'Fibre down',
  },
  {
    screen: 'forwarded tickets',
    path: '/forwarded-tickets?page=1',
    viewer: { user_type: 'rs', role: 'support' },
    call: 'GET /api/v1/tickets/forward-chain-tickets/1',
    reply: ticketPage,
    empty: 'No tickets found.',
    row: 'Fibre down',
  },
  {
    screen: 'users',
    path: '/user-info',
    viewer: { user_type: 'cc', role: 'admin' },
    call: 'GET /api/v1/users',
    reply: { data: [person], total: 1, total_pages: 1, previous_page: null, next_page: null },
    empty: 'No users found.',
    row: 'Mitu Chowdhury',
  },
  {
    screen: 'groups',
    path: '/group-info',
    viewer: { user_type: 'iptsp', role: 'moderator' },
    call: 'GET /api/v1/groups',
    reply: { data: [group] },
    empty: 'No groups found.',
    row: 'Internet',
  },
];

describe('a list that cannot be read', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(LISTS)("shows the server's message and Retry on the $screen screen instead of its empty text", async (list) => {
    localStorage.setItem('jwt_token', fakeSessionToken(list.viewer));
    const server = failingUntilRecovered(list.reply);
    mockApi({ 'GET /api/v1/groups': { data: [] }, [list.call]: server.respond });
    renderApp(list.path);
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    const alert = retry.closest<HTMLElement>('[role="alert"]');
    expect(alert && within(alert).getByText(BUSY)).toBeTruthy();
    expect(screen.queryByText(list.empty)).toBeNull();

    server.recover();
    await userEvent.setup({ delay: null }).click(retry);
    expect((await screen.findAllByText(list.row)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText(BUSY)).toBeNull());
  });

  it("falls back to the list's own text, then to the spec's, when the server sent no message", () => {
    const { unmount } = renderWithProviders(
      <LoadError error={new TypeError('Failed to fetch')} fallback="Failed to fetch users" onRetry={() => undefined} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch users');
    unmount();
    renderWithProviders(<LoadError error={new ApiError(502, '', 'bad_gateway')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Sorry, something went wrong. Please try again or refresh');
  });
});
