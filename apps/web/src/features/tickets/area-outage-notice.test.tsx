import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';

const STATUS = 'GET /api/v1/status/01712345678' as const;
const OUTAGE = { data: { outage: { since: '2026-11-27T08:05:00.000Z', public_note: 'A fibre cut at Mirpur 10' } } };

describe('the known outage on the create form', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const typeNumber = async () => {
    renderApp('/add-ticket');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Problematic Number/, {}, { timeout: 5000 }), '01712345678');
  };

  it('tells staff, once the number is valid, that its area has a known outage, asked signed in without a bot check', async () => {
    signInAs('cc');
    const calls = mockApi({ 'GET /api/v1/groups': { data: [] }, [STATUS]: OUTAGE });
    await typeNumber();
    expect(await screen.findByText(/known outage affects this number's area since .*14:05/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('A fibre cut at Mirpur 10')).toBeTruthy();
    const status = calls.find((call) => call.path === '/api/v1/status/01712345678');
    expect(status?.query.get('token')).toBeNull();
    expect(status?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('asks nothing for a customer', async () => {
    signInAs('customer');
    const calls = mockApi({ 'GET /api/v1/groups': { data: [] }, [STATUS]: OUTAGE });
    await typeNumber();
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/api/v1/tickets/number-history'))).toBe(true));
    expect(calls.some((call) => call.path.startsWith('/api/v1/status/'))).toBe(false);
  });
});
