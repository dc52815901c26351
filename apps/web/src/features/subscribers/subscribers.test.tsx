import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscriber, SubscriberImportReply } from '@switchboard/shared';
import { SubscriberCardSlot } from '../../components/subscriber-card/subscriber-card-slot.tsx';
import { mockApi, renderApp, renderWithProviders, signInAs } from '../../lib/test-support.tsx';
import { ImportReport } from './import-report.tsx';

const subscriber = (number: string, name: string): Subscriber => ({
  number,
  name,
  area_code: 'DHK-10',
  area_name_en: 'Mirpur 10',
  area_name_bn: 'মিরপুর ১০',
  plan: 'Home 20',
  status: 'active',
  language: 'bn',
  external_id: null,
  opted_out_at: null,
  updated_at: '2026-11-27T06:00:00.000Z',
});

/** The slot inside a router of its own (the card links to the incident). */
function renderSlot(number: string) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <SubscriberCardSlot number={number} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

const card = {
  number: '8801712345678',
  name: 'Rahima Khatun',
  area_code: 'DHK-10',
  area_name_en: 'Mirpur 10',
  area_name_bn: 'মিরপুর ১০',
  plan: 'Home 20',
  status: 'suspended' as const,
  active_incident: { id: 41, title: 'Fibre cut in Mirpur' },
};

// Screens load lazily: slow on a busy machine, so the tests get room.
describe('the subscriber directory', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists subscribers for an admin and puts the search in the URL', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({
      'GET /api/v1/areas': { data: [] },
      'GET /api/v1/subscribers': {
        data: [subscriber('8801712345678', 'Rahima Khatun')],
        total: 1,
        total_pages: 1,
        previous_page: null,
        next_page: null,
      },
    });
    const { router } = renderApp('/subscribers?page=1');
    const row = await screen.findByRole('row', { name: /Rahima Khatun/ }, { timeout: 5000 });
    expect(within(row).getAllByText('+8801712345678').length).toBeGreaterThan(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by number or name' }), 'rahima');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'rahima', page: 1 }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.path === '/api/v1/subscribers' && call.query.get('q') === 'rahima')).toBe(true),
    );
  });

  it('sends a customer who types /subscribers to the ticket list', async () => {
    signInAs('customer');
    mockApi({
      'GET /api/v1/tickets/user-type-wise-tickets/1': {
        data: [],
        total_tickets: 0,
        total_pages: 0,
        previous_page: null,
        next_page: null,
      },
    });
    const { router } = renderApp('/subscribers');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });

  it("reports an import's counts and names each refused row with its line and reason", () => {
    const reply: SubscriberImportReply = {
      message: '2 subscribers stored, 1 rows refused',
      data: { read: 3, stored: 2, refused: 1, refused_rows: [{ line: 3, reason: 'area: No area has the code X' }] },
    };
    renderWithProviders(<ImportReport reply={reply} />);
    expect(screen.getByRole('status').textContent).toBe('2 subscribers stored, 1 rows refused');
    const refused = screen.getByRole('row', { name: /No area has the code X/ });
    expect(within(refused).getByText('3')).toBeTruthy();
  });

  it("shows staff a number's card with its area's active incident", async () => {
    signInAs('rs');
    const calls = mockApi({ 'GET /api/v1/subscribers/8801712345678/card': { data: card } });
    renderSlot('8801712345678');
    const found = await screen.findByTestId('subscriber-card', {}, { timeout: 5000 });
    expect(found.textContent).toContain('Rahima Khatun');
    expect(found.textContent).toContain('Suspended');
    expect(found.textContent).toContain('In an active incident: Fibre cut in Mirpur');
    expect(within(found).getByRole('link', { name: 'Open incident #41' }).getAttribute('href')).toBe('/incidents/41');
    expect(calls.filter((call) => call.path.endsWith('/card'))).toHaveLength(1);
  });

  it('says when the directory does not know the number, and shows customers nothing at all', async () => {
    signInAs('cc');
    mockApi({ 'GET /api/v1/subscribers/8801712345678/card': { data: null } });
    const staffView = renderSlot('8801712345678');
    expect((await screen.findByTestId('subscriber-card', {}, { timeout: 5000 })).textContent).toBe(
      'The subscriber directory does not know this number.',
    );
    staffView.unmount();

    signInAs('customer');
    const calls = mockApi({});
    renderSlot('8801712345678');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('subscriber-card')).toBeNull();
    expect(calls.filter((call) => call.path.includes('/subscribers'))).toEqual([]);
  });
});
