import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, renderApp, signInAs, ticketListReply, ticketRow } from '../../lib/test-support.tsx';

const row = (ticket_id: number, title: string) =>
  ticketRow(ticket_id, title, { issued_to: 'rs', created_at: '2026-03-01T04:00:00.000Z', ticket_status: 'in_progress' });

const chainCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/v1/tickets/forward-chain-tickets/'));

describe('the forwarded tickets screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the page of the URL in the ticket table with the issuer columns and the footer', async () => {
    signInAs('rs', 'support');
    const calls = mockApi({
      'GET /api/v1/tickets/forward-chain-tickets/2': ticketListReply(
        2,
        [row(100011, 'Router keeps restarting at night'), row(100012, 'Bill')],
        12,
      ),
    });
    renderApp('/forwarded-tickets?page=2');
    expect(await screen.findByRole('heading', { name: 'Forwarded Tickets' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Router keeps restart...')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Issued To' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Issued By' })).toBeTruthy();
    expect(screen.getByText('Showing 11-12 out of 12')).toBeTruthy();
    expect(chainCalls(calls).map((call) => call.path)).toEqual(['/api/v1/tickets/forward-chain-tickets/2']);
  });

  it("says 'No tickets found.' and 'No results to display' for an empty chain", async () => {
    signInAs('oss_bss', 'support');
    mockApi({ 'GET /api/v1/tickets/forward-chain-tickets/1': ticketListReply(1, [], 0) });
    renderApp('/forwarded-tickets?page=1');
    expect(await screen.findByText('No tickets found.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No results to display')).toBeTruthy();
  });

  it.each(['agent', 'customer'] as const)('sends a %s to /tickets?page=1 without asking for the list', async (userType) => {
    signInAs(userType, 'support');
    const calls = mockApi({ 'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, [], 0) });
    const { router } = renderApp('/forwarded-tickets?page=3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ page: 1 });
    expect(chainCalls(calls)).toEqual([]);
  });

  it('asks again for the same page every 30 seconds and shows what changed, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    signInAs('iptsp', 'support');
    let round = 0;
    const calls = mockApi({
      'GET /api/v1/tickets/forward-chain-tickets/1': () =>
        ++round === 1
          ? ticketListReply(1, [row(100001, 'First forward')], 1)
          : ticketListReply(1, [row(100002, 'Second forward'), row(100001, 'First forward')], 2),
    });
    renderApp('/forwarded-tickets?page=1');
    expect(await screen.findByText('First forward', {}, { timeout: 5000 })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(chainCalls(calls)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(await screen.findByText('Second forward')).toBeTruthy();
    expect(chainCalls(calls).map((call) => call.path)).toEqual([
      '/api/v1/tickets/forward-chain-tickets/1',
      '/api/v1/tickets/forward-chain-tickets/1',
    ]);
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByText('Showing 1-2 out of 2')).toBeTruthy();
  });
});
