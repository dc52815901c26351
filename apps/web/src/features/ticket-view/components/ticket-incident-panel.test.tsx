import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionToken, mockApi, renderApp, ticketFixture } from '../../../lib/test-support.tsx';

// Held by IPTSP, part of no incident yet.
const TICKET = { ...ticketFixture(), incident_id: null };

async function incidentPanel(userType: 'cc' | 'iptsp' | 'rs') {
  localStorage.setItem('jwt_token', fakeSessionToken({ user_type: userType, role: 'user' }));
  mockApi({
    'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
    'GET /api/v1/incidents': { data: [], total: 0, total_pages: 0, previous_page: null, next_page: null },
    'GET /api/v1/tickets/number-history/8801712345678': {
      data: { number: '8801712345678', open_count: 1, total_count: 1, tickets: [], timeline: [] },
    },
  });
  renderApp('/view-ticket?id=100042');
  return screen.findByRole('region', { name: 'Incident' }, { timeout: 5000 });
}

describe("the ticket's incident panel", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers linking to the holding department and to Customer Care', async () => {
    for (const userType of ['iptsp', 'cc'] as const) {
      const panel = await incidentPanel(userType);
      expect(within(panel).getByRole('button', { name: 'Link to incident' })).toBeTruthy();
      // Unmounted, not wiped: the header keeps its measuring copy in the body.
      cleanup();
    }
  });

  it('offers no linking to another department, which the server would refuse', async () => {
    const panel = await incidentPanel('rs');
    expect(within(panel).getByText('Not part of an incident.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Link to incident' })).toBeNull();
  });
});
