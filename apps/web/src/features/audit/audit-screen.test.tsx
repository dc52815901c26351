import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditListItem, AuditListReply } from '@switchboard/shared';
import { fakeSessionToken, mockApi, renderApp } from '../../lib/test-support.tsx';

const entry = (id: number, overrides: Partial<AuditListItem> = {}): AuditListItem => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  at: '2026-11-20T04:05:06.000Z',
  actor_id: '00000000-0000-4000-8000-000000000001',
  actor_name: 'Ayesha Rahman',
  action: 'ticket.forward',
  target: `ticket:${100040 + id}`,
  ip: '203.0.113.9',
  details: { from: 'cc', to: 'rs' },
  ...overrides,
});

function reply(data: AuditListItem[], total: number): AuditListReply {
  return { data, total, total_pages: Math.ceil(total / 10), previous_page: null, next_page: total > 10 ? 2 : null };
}

describe('the audit screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each row in the provider time zone and asks the server again when filtered by action', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'admin' }));
    const calls = mockApi({
      'GET /api/v1/audit': (call) =>
        call.query.get('action') === 'ticket.create'
          ? reply([entry(2, { action: 'ticket.create', actor_id: null, actor_name: null, details: { form: 'public' } })], 1)
          : reply([entry(1)], 1),
    });
    const { router } = renderApp('/audit');

    expect(await screen.findByRole('heading', { name: 'Audit log' }, { timeout: 5000 })).toBeTruthy();
    const row = (await screen.findByText('ticket:100041')).closest('tr') as HTMLElement;
    // 04:05 UTC is 10:05 in Dhaka.
    expect(row.textContent).toContain('10:05:06');
    expect(row.textContent).toContain('Ayesha Rahman');
    expect(row.textContent).toContain('Forwarded a ticket');
    expect(row.textContent).toContain('203.0.113.9');
    expect(row.textContent).toContain('from: cc, to: rs');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Created a ticket (ticket.create)', hidden: true }));
    expect((await screen.findByText('ticket:100042')).closest('tr')?.textContent).toContain('Public form');
    const asked = calls.filter((call) => call.path === '/api/v1/audit').at(-1);
    expect(asked?.query.get('action')).toBe('ticket.create');
    expect(asked?.query.get('page')).toBe('1');
    expect(router.state.location.search).toEqual({ action: 'ticket.create' });
  });

  it('reads the page and the filters from the URL, and leaves out what the server would refuse', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'admin' }));
    const calls = mockApi({ 'GET /api/v1/audit': reply([entry(1)], 12) });
    renderApp('/audit?page=2&action=ticket.create&target=ticket%3A100041&start_date=2026-11-01&end_date=yesterday');

    expect(await screen.findByText('ticket:100041', {}, { timeout: 5000 })).toBeTruthy();
    const asked = calls.filter((call) => call.path === '/api/v1/audit').at(-1);
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({
      page: '2',
      action: 'ticket.create',
      target: 'ticket:100041',
      start_date: '2026-11-01',
    });
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveProperty('value', 'ticket:100041');
    expect(screen.getByText('Showing 11-12 out of 12')).toBeTruthy();
  });

  it('clears a typed target with Clear filters, and the address keeps it cleared', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'admin' }));
    mockApi({ 'GET /api/v1/audit': reply([entry(1)], 1) });
    const { router } = renderApp('/audit?target=ticket%3A100041');
    const target = await screen.findByRole('textbox', { name: 'Target' }, { timeout: 5000 });
    expect(target).toHaveProperty('value', 'ticket:100041');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Target' })).toHaveProperty('value', ''));
    // Past the box's pause before it sends what was typed: the old target does not come back.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).toEqual({});
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveProperty('value', '');
  });

  it('sends staff who are not admins to the ticket list', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'iptsp', role: 'moderator' }));
    const calls = mockApi({ 'GET /api/v1/tickets/user-type-wise-tickets/1': reply([], 0) });
    const { router } = renderApp('/audit');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
    expect(calls.some((call) => call.path === '/api/v1/audit')).toBe(false);
  });
});
