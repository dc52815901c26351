import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FailedNotification, FailedNotificationsReply } from '@switchboard/shared';
import { fakeSessionToken, jsonReply, mockApi, renderApp } from '../../lib/test-support.tsx';

const failed = (id: number, overrides: Partial<FailedNotification> = {}): FailedNotification => ({
  id: String(id),
  ticket_id: 100040 + id,
  channel: 'sms',
  kind: 'resolved',
  recipient: '8809638000007',
  attempts: 10,
  last_error: 'SMS gateway answered 503',
  delivery: null,
  created_at: '2026-11-20T04:05:06.000Z',
  ...overrides,
});

function page(data: FailedNotification[], total: number, pageNumber: number): FailedNotificationsReply {
  const totalPages = Math.ceil(total / 10);
  return {
    data,
    total,
    total_pages: totalPages,
    previous_page: pageNumber > 1 ? pageNumber - 1 : null,
    next_page: pageNumber < totalPages ? pageNumber + 1 : null,
  };
}

describe('the failed messages screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each failed message with its ticket, recipient, tries and last error, page by page', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'admin' }));
    const first = [
      failed(1),
      failed(2, {
        channel: 'email',
        kind: 'receipt',
        recipient: 'karim@example.com',
        attempts: 1,
        last_error: 'EENVELOPE: SMTP 550: No such mailbox here',
      }),
      ...Array.from({ length: 8 }, (_, i) => failed(3 + i)),
    ];
    const calls = mockApi({
      'GET /api/v1/notifications/failed': (call) =>
        call.query.get('page') === '2' ? page([failed(11, { ticket_id: null })], 11, 2) : page(first, 11, 1),
    });
    renderApp('/notifications');

    expect(await screen.findByRole('heading', { name: 'Failed messages' }, { timeout: 5000 })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(10);
    const mail = items[1] as HTMLElement;
    expect(within(mail).getByText('Receipt · E-mail · karim@example.com')).toBeTruthy();
    expect(within(mail).getByRole('link', { name: '#100042' }).getAttribute('href')).toBe('/view-ticket?id=100042');
    expect(mail.textContent).toContain('Tries: 1');
    expect(mail.textContent).toContain('Last error: EENVELOPE: SMTP 550: No such mailbox here');
    expect(within(items[0] as HTMLElement).getByText('Resolved · SMS · 8809638000007')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: /next/i }));
    const second = await screen.findByText('Resolved · SMS · 8809638000007');
    const item = second.closest('li') as HTMLElement;
    // A message without a ticket (none yet) has no link.
    expect(within(item).queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/v1/notifications/failed').map((call) => call.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it("shows a message the gateway reported undelivered or expired, and names the desk's answer to an SMS", async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'admin' }));
    mockApi({
      'GET /api/v1/notifications/failed': page(
        [
          failed(1, { kind: 'answer', delivery: 'failed', last_error: null }),
          failed(2, { kind: 'reply', delivery: 'expired', last_error: null }),
        ],
        2,
        1,
      ),
    });
    renderApp('/notifications');
    const items = await screen.findAllByRole('listitem', {}, { timeout: 5000 });
    expect(within(items[0] as HTMLElement).getByText('Answer to an SMS · SMS · 8809638000007')).toBeTruthy();
    expect(items[0]?.textContent).toContain('Gateway reported: not delivered');
    expect(items[0]?.textContent).not.toContain('Last error');
    expect(items[1]?.textContent).toContain('Gateway reported: expired before delivery');
  });

  it('says so when nothing failed', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'admin' }));
    mockApi({ 'GET /api/v1/notifications/failed': page([], 0, 1) });
    renderApp('/notifications');
    expect(await screen.findByText('No failed messages.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the load error with a retry when the list cannot be read', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'admin' }));
    let attempts = 0;
    mockApi({
      'GET /api/v1/notifications/failed': () =>
        ++attempts === 1 ? jsonReply(503, { message: 'Busy', code: 'unavailable' }) : page([failed(1)], 1, 1),
    });
    renderApp('/notifications');
    expect(await screen.findByText('Busy', {}, { timeout: 5000 })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Resolved · SMS · 8809638000007')).toBeTruthy();
  });

  it('sends staff who are not admins to the ticket list without asking for the failures', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'user' }));
    const calls = mockApi({ 'GET /api/v1/tickets/user-type-wise-tickets/1': page([], 0, 1) });
    const { router } = renderApp('/notifications');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(calls.some((call) => call.path === '/api/v1/notifications/failed')).toBe(false);
  });
});
