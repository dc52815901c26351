import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelStatus } from '@switchboard/shared';
import { mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';
import { channelBadge, relativeTime } from './channel-state.ts';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const status = (channel: ChannelStatus['channel'], overrides: Partial<ChannelStatus> = {}): ChannelStatus => ({
  channel,
  configured: false,
  connected: channel === 'email_inbound' ? false : null,
  last_taken_at: null,
  last_outcome: null,
  taken_last_day: 0,
  last_error: null,
  last_error_at: null,
  ...overrides,
});

describe('what a channel card says', () => {
  it('reads the badge from set-up and connection', () => {
    expect(channelBadge({ configured: false, connected: null })).toBe('notSetUp');
    expect(channelBadge({ configured: false, connected: true })).toBe('notSetUp');
    expect(channelBadge({ configured: true, connected: null })).toBe('receiving');
    expect(channelBadge({ configured: true, connected: true })).toBe('connected');
    expect(channelBadge({ configured: true, connected: false })).toBe('notConnected');
  });

  it('writes a moment in the largest whole unit, in the chosen language', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(relativeTime('2026-11-27T09:59:40Z', 'en-US', now)).toBe('now');
    expect(relativeTime('2026-11-27T09:55:00Z', 'en-US', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-27T07:00:00Z', 'en-US', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-26T09:00:00Z', 'en-US', now)).toBe('yesterday');
    expect(relativeTime('2026-11-27T09:55:00Z', 'bn-BD-u-nu-latn', now)).toBe('5 মিনিট আগে');
  });
});

describe('the Channels screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows an admin each channel with its state, last message, last day, last error and how to set it up', async () => {
    signInAs('iptsp', 'admin');
    mockApi({
      'GET /api/v1/channels': {
        data: [
          status('sms_inbound', { configured: true, last_taken_at: ago(5), last_outcome: 'comment', taken_last_day: 12 }),
          status('sms_delivery', { configured: true, last_taken_at: ago(120), taken_last_day: 1 }),
          status('email_inbound', { last_error: 'IMAP login refused', last_error_at: ago(60 * 24 * 3) }),
        ],
      },
    });
    renderApp('/channels');
    expect(await screen.findByRole('heading', { level: 1, name: 'Channels' }, { timeout: 5000 })).toBeTruthy();

    const sms = await screen.findByRole('region', { name: 'Inbound SMS' });
    expect(within(sms).getByText('Receiving')).toBeTruthy();
    expect(sms.textContent).toContain('5 minutes ago · added to a ticket');
    expect(sms.textContent).toContain('12 messages');
    expect(within(sms).getByText(/\/api\/v1\/channels\/sms\/inbound$/)).toBeTruthy();
    // Set up already: no need to send the admin to Integrations.
    expect(within(sms).queryByRole('link', { name: 'Open Integrations' })).toBeNull();

    const reports = screen.getByRole('region', { name: 'SMS delivery reports' });
    expect(reports.textContent).toContain('Last report2 hours ago');
    expect(reports.textContent).toContain('1 report');
    expect(within(reports).getByText(/\/api\/v1\/channels\/sms\/delivery$/)).toBeTruthy();

    const mail = screen.getByRole('region', { name: 'Inbound e-mail' });
    expect(within(mail).getByText('Not set up')).toBeTruthy();
    expect(mail.textContent).toContain('None yet');
    expect(mail.textContent).toContain('IMAP login refused · 3 days ago');
    expect(mail.textContent).toContain('Set IMAP_URL on the server');
  });

  it('sends an admin to Integrations while the SMS channels are not set up', async () => {
    signInAs('iptsp', 'admin');
    mockApi({
      'GET /api/v1/channels': {
        data: [status('sms_inbound'), status('sms_delivery'), status('email_inbound', { configured: true, connected: true })],
      },
    });
    renderApp('/channels');
    const sms = await screen.findByRole('region', { name: 'Inbound SMS' }, { timeout: 5000 });
    expect(within(sms).getByText('Not set up')).toBeTruthy();
    expect(within(sms).getByRole('link', { name: 'Open Integrations' }).getAttribute('href')).toBe('/integrations?page=1');
    expect(within(screen.getByRole('region', { name: 'Inbound e-mail' })).getByText('Connected')).toBeTruthy();
  });

  it('sends a moderator who types /channels to the ticket list', async () => {
    signInAs('iptsp', 'moderator');
    const calls = mockApi({
      'GET /api/v1/tickets/user-type-wise-tickets/1': {
        data: [],
        total_tickets: 0,
        total_pages: 0,
        previous_page: null,
        next_page: null,
      },
    });
    const { router } = renderApp('/channels');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(calls.some((call) => call.path === '/api/v1/channels')).toBe(false);
  });
});
