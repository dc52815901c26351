import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketNotification } from '@switchboard/shared';
import { mockApi, renderWithProviders } from '../lib/test-support.tsx';
import IssuerNotices from './issuer-notices.tsx';

const row = (id: number, overrides: Partial<TicketNotification>): TicketNotification => ({
  id: String(id),
  channel: 'sms',
  kind: 'reply',
  status: 'sent',
  attempts: 1,
  created_at: '2026-11-20T04:05:00.000Z',
  sent_at: '2026-11-20T04:05:06.000Z',
  last_error: null,
  delivery: null,
  delivery_at: null,
  ...overrides,
});

const reply = (data: TicketNotification[]) => ({
  data,
  total: data.length,
  total_pages: 1,
  previous_page: null,
  next_page: null,
});

describe('the messages to the issuer on the ticket view', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows one line per message: sent with its time, pending and failed as they are', async () => {
    mockApi({
      'GET /api/v1/tickets/100042/notifications': reply([
        row(4, { kind: 'resolved', channel: 'email', status: 'failed', attempts: 10, sent_at: null }),
        row(3, { kind: 'resolved', status: 'pending', attempts: 2, sent_at: null }),
        row(2, { kind: 'reply', channel: 'email' }),
        row(1, { kind: 'reply' }),
      ]),
    });
    renderWithProviders(<IssuerNotices ticketId={100042} timeZone="Asia/Dhaka" />);
    const section = await screen.findByRole('region', { name: 'Messages to the issuer' });
    const lines = [...section.querySelectorAll('p')].map((line) => line.textContent);
    expect(lines).toEqual([
      'Resolved: E-mail could not be sent (10 tries)',
      'Resolved: SMS not sent yet (tried 2×, trying again)',
      expect.stringMatching(/^Reply: Notified by e-mail at .*10:05/),
      expect.stringMatching(/^Reply: Notified by SMS at .*10:05/),
    ]);
  });

  it('shows nothing while nothing was told', async () => {
    const calls = mockApi({ 'GET /api/v1/tickets/100042/notifications': reply([]) });
    renderWithProviders(<IssuerNotices ticketId={100042} timeZone="Asia/Dhaka" />);
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/v1/tickets/100042/notifications')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/Notified|sent/)).toBeNull();
  });
});
