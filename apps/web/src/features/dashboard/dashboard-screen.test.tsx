import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@switchboard/shared';
import { mockApi, renderApp, signInAs, ticketListReply } from '../../lib/test-support.tsx';

const FIGURES: Dashboard = {
  per_day: [
    { day: '2026-11-20', created: 3, resolved: 1 },
    { day: '2026-11-21', created: 0, resolved: 0 },
    { day: '2026-11-22', created: 2, resolved: 6 },
  ],
  backlog: [
    { department: 'cc', open: 5, in_progress: 2, overdue: 3 },
    { department: 'rs', open: 1, in_progress: 0, overdue: 0 },
    { department: 'iptsp', open: 0, in_progress: 0, overdue: 0 },
    { department: 'oss-bss', open: 0, in_progress: 1, overdue: 1 },
  ],
  times: [
    { department: 'cc', median_first_reply_minutes: 45, median_resolve_minutes: 1500 },
    { department: 'rs', median_first_reply_minutes: null, median_resolve_minutes: 4320 },
    { department: 'iptsp', median_first_reply_minutes: null, median_resolve_minutes: null },
    { department: 'oss-bss', median_first_reply_minutes: 90, median_resolve_minutes: null },
  ],
  top_subgroups: [
    {
      sub_group_id: '00000000-0000-4000-8000-000000000011',
      sub_group_name: 'Slow speed',
      sub_group_name_bn: 'ধীর গতি',
      count: 4,
    },
  ],
  active_incidents: 2,
  reports_avoided: 7,
  reports_avoided_articles: 2,
  satisfaction: [],
};

describe('the dashboard', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the figures with units, each a link to the filtered ticket list', async () => {
    signInAs('rs');
    const calls = mockApi({ 'GET /api/v1/dashboard': { data: FIGURES } });
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: '5 tickets' }, { timeout: 5000 })).toBeTruthy();
    const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

    expect(href('5 tickets')).toBe('/tickets?page=1&start_date=2026-11-20&end_date=2026-11-22');
    // Solved in the period, by the day solved: not every closed ticket.
    expect(href('7 tickets')).toBe('/tickets?page=1&resolved_from=2026-11-20&resolved_to=2026-11-22');
    expect(href('4 tickets')).toBe('/tickets?page=1&overdue=true');
    expect(href('2 incidents')).toBe('/incidents?tab=active&page=1');
    // Reports avoided is a count of calls that never came: nothing to list.
    expect(screen.getByText('Reports avoided')).toBeTruthy();
    expect(screen.getByText('7 calls')).toBeTruthy();
    const backlog = within(screen.getByRole('row', { name: /^Customer Care\s*5/ }));
    expect(backlog.getByRole('link', { name: '5' }).getAttribute('href')).toBe('/tickets?page=1&issued_to=cc&status=open');
    expect(backlog.getByRole('link', { name: '3' }).getAttribute('href')).toBe('/tickets?page=1&issued_to=cc&overdue=true');
    const times = within(screen.getByRole('row', { name: /^Retail Sales\s*no tickets/ }));
    expect(times.getByRole('link', { name: '3 d' }).getAttribute('href')).toBe(
      '/tickets?page=1&issued_to=rs&resolved_from=2026-11-20&resolved_to=2026-11-22',
    );
    expect(screen.getByRole('link', { name: '45 min' }).getAttribute('href')).toBe(
      '/tickets?page=1&issued_to=cc&start_date=2026-11-20&end_date=2026-11-22',
    );
    // Each day's solved figure opens the tickets solved that day.
    const day = within(screen.getByRole('row', { name: /^2026-11-22/ }));
    expect(day.getByRole('link', { name: '6 tickets' }).getAttribute('href')).toBe(
      '/tickets?page=1&resolved_from=2026-11-22&resolved_to=2026-11-22',
    );
    expect(screen.getByRole('link', { name: '25 h' })).toBeTruthy();
    expect(href(/^Slow speed/)).toBe(
      '/tickets?page=1&sub_group_id=00000000-0000-4000-8000-000000000011&start_date=2026-11-16&end_date=2026-11-22',
    );
    expect(calls.find((call) => call.path === '/api/v1/dashboard')?.query.get('days')).toBe('30');
  });

  it('draws both charts as images named by their figures', async () => {
    signInAs('rs');
    mockApi({ 'GET /api/v1/dashboard': { data: FIGURES } });
    renderApp('/dashboard');
    const perDay = await screen.findByRole('img', { name: /^Line chart/ }, { timeout: 5000 });
    expect(perDay.getAttribute('aria-label')).toBe(
      'Line chart of tickets raised and solved per day, 2026-11-20 to 2026-11-22: 5 raised, 7 solved.',
    );
    expect(perDay.querySelectorAll('path')).toHaveLength(2);
    const backlog = screen.getByRole('img', { name: /^Bar chart/ });
    expect(backlog.getAttribute('aria-label')).toContain('Customer Care 5 open, 2 in progress, 3 overdue; Retail Sales 1 open');
    // One bar per count above zero: 5, 2, 3 | 1 | — | 1, 1.
    expect(backlog.querySelectorAll('rect')).toHaveLength(6);
  });

  it('asks for another period when one is chosen', async () => {
    signInAs('cc');
    const calls = mockApi({ 'GET /api/v1/dashboard': { data: FIGURES } });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByText('7 days', {}, { timeout: 5000 }));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/dashboard').map((call) => call.query.get('days'))).toContain('7'),
    );
  });

  it('sends agents and customers back to the ticket list', async () => {
    signInAs('agent');
    mockApi({
      'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, []),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Tickets' }, { timeout: 5000 })).toBeTruthy();
  });
});
