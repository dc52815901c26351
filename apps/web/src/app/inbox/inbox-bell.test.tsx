import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem } from '@switchboard/shared';
import { publishLiveEvent } from '../../lib/live-events.ts';
import { mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';

const item = (id: number, fields: Partial<InboxItem> = {}): InboxItem => ({
  id,
  kind: 'sla.breached',
  ticket_id: 100000 + id,
  ticket_title: 'No signal',
  department: 'cc',
  score: null,
  created_at: '2026-11-27T10:00:00Z',
  read: false,
  ...fields,
});

describe("staff's notification bell", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the unread count, lists the items, marks all read and reads again on inbox.added', async () => {
    signInAs('cc');
    let unread = 3;
    const calls = mockApi({
      'GET /api/v1/inbox': () => ({
        data: [item(3, { kind: 'rating.low', score: 2 }), item(2, { kind: 'sla.escalated' }), item(1, { read: true })],
        unread,
        has_more: false,
      }),
      'POST /api/v1/inbox/read': () => {
        unread = 0;
        return { data: { unread } };
      },
    });
    renderApp('/tickets?page=1');
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' }, { timeout: 10_000 });
    await userEvent.setup().click(bell);
    expect(await screen.findByRole('link', { name: 'Ticket #100003 was rated 2 of 5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ticket #100002 is past its due time and was escalated' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ticket #100001 is past its due time' }).getAttribute('href')).toBe(
      '/view-ticket?id=100001',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.find((call) => call.path === '/api/v1/inbox/read')?.body).toEqual({ all: true });

    const reads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/v1/inbox').length;
    const before = reads();
    unread = 1;
    act(() => publishLiveEvent({ event: 'inbox.added', data: { unread: 1 } }));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });
});
