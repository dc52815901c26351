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

  it("adds the gateway's delivery report to a sent SMS, and names the answer to an inbound SMS", async () => {
    mockApi({
      'GET /api/v1/tickets/100042/notifications': reply([
        row(3, { kind: 'answer', delivery: 'expired', delivery_at: '2026-11-20T06:00:00.000Z' }),
        row(2, { delivery: 'failed', delivery_at: '2026-11-20T05:00:00.000Z' }),
        row(1, { kind: 'resolved', delivery: 'delivered', delivery_at: '2026-11-20T04:05:09.000Z' }),
      ]),
    });
    renderWithProviders(<IssuerNotices ticketId={100042} timeZone="Asia/Dhaka" />);
    const section = await screen.findByRole('region', { name: 'Messages to the issuer' });
    const lines = [...section.querySelectorAll('p')];
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(
        /^Answer to an SMS: Notified by SMS at .*10:05:06 AM · Expired before delivery \(reported at .*12:00:00 PM\)$/,
      ),
      expect.stringMatching(/^Reply: Notified by SMS at .* · Not delivered \(reported at .*11:00:00 AM\)$/),
      expect.stringMatching(/^Resolved: Notified by SMS at .* · Delivered at .*10:05:09 AM$/),
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
