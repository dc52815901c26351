import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@switchboard/shared';
import { mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';

const FIGURES: Dashboard = {
  per_day: [
    { day: '2026-11-21', created: 0, resolved: 0 },
    { day: '2026-11-22', created: 0, resolved: 0 },
  ],
  backlog: [],
  times: [],
  top_subgroups: [],
  active_incidents: 0,
  reports_avoided: 0,
  reports_avoided_articles: 0,
  satisfaction: [
    { department: 'cc', rated: 12, satisfied: 10, low: 1, share: 10 / 12 },
    { department: 'rs', rated: 2, satisfied: 0, low: 2, share: 0 },
    { department: 'iptsp', rated: 0, satisfied: 0, low: 0, share: null },
    { department: 'oss-bss', rated: 1, satisfied: 1, low: 0, share: 1 },
  ],
};

describe("the dashboard's satisfaction", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives each department its share of 4 and 5 with counts, each count a link to its tickets', async () => {
    signInAs('cc');
    mockApi({ 'GET /api/v1/dashboard': { data: FIGURES } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Satisfaction' }, { timeout: 5000 })).toBeTruthy();
    const cc = within(screen.getByRole('row', { name: /^Customer Care/ }));
    expect(cc.getByText(/83% satisfied/)).toBeTruthy();
    const solved = 'resolved_from=2026-11-21&resolved_to=2026-11-22';
    expect(cc.getByRole('link', { name: '10 of 12' }).getAttribute('href')).toBe(
      `/tickets?page=1&issued_to=cc&${solved}&rating=any`,
    );
    expect(cc.getByRole('link', { name: '1 low' }).getAttribute('href')).toBe(
      `/tickets?page=1&issued_to=cc&${solved}&rating=low`,
    );
    expect(within(screen.getByRole('row', { name: /^IPTSP/ })).getByText('No ratings')).toBeTruthy();
  });

  it('draws each department as one bar of satisfied, fair and low ratings, named by its figures', async () => {
    signInAs('rs');
    mockApi({ 'GET /api/v1/dashboard': { data: FIGURES } });
    renderApp('/dashboard');
    const chart = await screen.findByRole('img', { name: /^Share of satisfied ratings/ }, { timeout: 5000 });
    expect(chart.getAttribute('aria-label')).toContain(
      'Customer Care: 83% satisfied; Retail Sales: 0% satisfied; IPTSP: No ratings',
    );
    // A part for each count above zero: cc 10 satisfied, 1 fair, 1 low | rs 2 low | none | oss-bss 1 satisfied.
    expect(chart.querySelectorAll('rect')).toHaveLength(5);
  });
});
