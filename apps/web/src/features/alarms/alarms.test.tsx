import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishLiveEvent } from '../../lib/live-events.ts';
import { type ApiCall, mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';
import { alarm, delivery, pageOf } from './alarms-fixtures.ts';

const listCalls = (calls: ApiCall[], view: string) =>
  calls.filter((call) => call.path === '/api/v1/alarms' && call.query.get('view') === view);

// Screens load lazily: slow on a busy machine, so the tests get room.
describe('the alarms screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the firing alarms with their labels as text, their source and their incident', async () => {
    signInAs('rs', 'support');
    const marked = alarm(1, { labels: { site: 'mirpur', note: '<b>cut</b>' } });
    const unrouted = alarm(2, { incident_id: null, incident_title: null, rule_id: null, rule_name: null });
    mockApi({ 'GET /api/v1/alarms': pageOf([marked, unrouted]) });
    renderApp('/alarms');

    const row = await screen.findByRole('row', { name: /OLT 1 down/ }, { timeout: 5000 });
    const labels = within(row).getByRole('list', { name: 'Labels' });
    expect(
      within(labels)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['site=mirpur', 'note=<b>cut</b>']);
    expect(row.querySelector('b')).toBeNull();
    expect(within(row).getByText('Firing')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '#41 OLT 1 down' }).getAttribute('href')).toBe('/incidents/41');
    expect(within(screen.getByRole('row', { name: /OLT 2 down/ })).getByText('Unrouted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Firing' }).getAttribute('aria-current')).toBe('page');
    // Staff who are not admins have no rules.
    expect(screen.queryByRole('link', { name: 'Rules' })).toBeNull();
  });

  it('keeps the list and its page in the URL, and reads the lists again on a live alarm event', async () => {
    signInAs('cc', 'support');
    const calls = mockApi({
      'GET /api/v1/alarms': (call) =>
        call.query.get('view') === 'unrouted'
          ? pageOf([alarm(3, { rule_id: null, incident_id: null, incident_title: null })], 25)
          : pageOf([alarm(1)]),
      'GET /api/v1/alarms/deliveries': pageOf([delivery(1, { client_name: null })]),
    });
    const { router } = renderApp('/alarms?view=unrouted&page=2');
    expect(await screen.findByRole('row', { name: /OLT 3 down/ }, { timeout: 5000 })).toBeTruthy();
    expect(listCalls(calls, 'unrouted').map((call) => call.query.get('page'))).toEqual(['2']);

    act(() => publishLiveEvent({ event: 'alarm.changed', data: { incident_id: 43 } }));
    await vi.waitFor(() => expect(listCalls(calls, 'unrouted')).toHaveLength(2));

    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Deliveries' }));
    const row = await screen.findByRole('row', { name: /Unknown client/ }, { timeout: 5000 });
    expect(within(row).getByText('3 (2 firing, 1 resolved)')).toBeTruthy();
    expect(router.state.location.search).toEqual({ view: 'deliveries', page: 1 });
  });

  it('says so when nothing fires', async () => {
    signInAs('cc', 'admin');
    mockApi({ 'GET /api/v1/alarms': pageOf([]) });
    renderApp('/alarms');
    expect(await screen.findByText('No alarm is firing.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rules' })).toBeTruthy();
  });

  it('sends an agent back to the ticket list', async () => {
    signInAs('agent');
    mockApi({ 'GET /api/v1/tickets': { data: [], total: 0, total_pages: 1, previous_page: null, next_page: null } });
    const { router } = renderApp('/alarms');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
  });
});
