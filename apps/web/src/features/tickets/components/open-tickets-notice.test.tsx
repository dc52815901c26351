import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NumberHistory } from '@switchboard/shared';
import { fakeSessionToken, historyTicket as item, mockApi, renderApp } from '../../../lib/test-support.tsx';

const history = (open: number, tickets: NumberHistory['tickets']): { data: NumberHistory } => ({
  data: { number: '8801712345678', open_count: open, total_count: tickets.length, tickets, timeline: [] },
});

describe('the open tickets of a number on the create form', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const typeNumber = async (entry: string) => {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Problematic Number/, {}, { timeout: 5000 }), entry);
  };

  it('names the open tickets with links once the number is whole, without blocking the form', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'agent', role: 'user' }));
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/tickets/number-history/8801712345678': history(1, [
        item(100040, 'Slow speed in the evening', 'in_progress'),
        item(100031, 'Router replaced', 'closed'),
      ]),
    });
    renderApp('/add-ticket');
    await typeNumber('0171234567');
    // Ten digits are not a number yet: nothing is asked.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.some((call) => call.path.startsWith('/api/v1/tickets/number-history/'))).toBe(false);

    await typeNumber('8');
    expect(await screen.findByText('This number has 1 open ticket', {}, { timeout: 3000 })).toBeTruthy();
    const link = screen.getByRole('link', { name: '#100040 Slow speed in the evening' });
    expect(link.getAttribute('href')).toBe('/view-ticket?id=100040');
    expect(screen.queryByText(/Router replaced/)).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/api/v1/tickets/number-history/'))).toHaveLength(1);
  });

  it('says nothing when the number has no open tickets', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'user' }));
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/tickets/number-history/8801712345678': history(0, [item(100031, 'Router replaced', 'closed')]),
    });
    renderApp('/add-ticket');
    await typeNumber('01712345678');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/tickets/number-history/8801712345678')).toBe(true));
    expect(screen.queryByText(/open ticket/)).toBeNull();
  });
});
