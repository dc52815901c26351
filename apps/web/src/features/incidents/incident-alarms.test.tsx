import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IncidentDetail } from '@switchboard/shared';
import { type ApiCall, mockApi, renderApp, signInAs, ticketRow } from '../../lib/test-support.tsx';

/** An incident a network alarm opened, whose alarms have all resolved and stayed quiet. */
const RECOVERED: IncidentDetail = {
  id: 9,
  title: 'OLT Mirpur-3 down',
  group_id: null,
  group_name: null,
  sub_group_id: null,
  sub_group_name: null,
  sub_group_name_bn: null,
  status: 'active',
  public_note: 'We know about a fault in Mirpur.',
  created_by_name: 'Network monitoring',
  created_at: '2026-11-26T06:00:00.000Z',
  resolved_at: null,
  resolution_message: null,
  ticket_count: 1,
  open_ticket_count: 1,
  opened_by: 'alarm',
  area_codes: ['DHK-12', 'DHK-13'],
  firing_alarm_count: 0,
  network_recovered_at: '2026-11-26T07:00:00.000Z',
  suggested_resolution: 'The fibre is repaired; your service is back.',
  tickets: [ticketRow(101, 'No internet', { issued_to: 'cc' })],
  timeline: [{ at: '2026-11-26T06:00:00.000Z', event: 'created' }],
  suggested_tickets: [],
};

const resolves = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/incidents/9/resolve');

describe('an incident opened by a network alarm', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says an alarm opened it, how many fire and where, linking to the alarms', async () => {
    signInAs('cc', 'support');
    mockApi({ 'GET /api/v1/incidents/9': { data: { ...RECOVERED, firing_alarm_count: 2, network_recovered_at: null } } });
    renderApp('/incidents/9');
    expect(await screen.findByText('Opened by a network alarm', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2 alarms firing' }).getAttribute('href')).toBe('/alarms?view=firing&page=1');
    expect(screen.getByText('Areas: DHK-12, DHK-13')).toBeTruthy();
    expect(screen.queryByText('The network has recovered — resolve the incident?')).toBeNull();
  });

  it('asks to resolve once the network recovered, with the rule’s message filled in', async () => {
    signInAs('cc', 'support');
    const calls = mockApi({
      'GET /api/v1/incidents/9': { data: RECOVERED },
      'POST /api/v1/incidents/9/resolve': { message: 'Resolved', data: { ...RECOVERED, status: 'resolved' }, affected: 1 },
    });
    renderApp('/incidents/9');
    const alert = within(
      (await screen.findByText('The network has recovered — resolve the incident?', {}, { timeout: 5000 })).closest(
        '[role="alert"]',
      ) as HTMLElement,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(alert.getByRole('button', { name: 'Yes, resolve it' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve this incident?' }, { timeout: 5000 }));
    expect(dialog.getByRole<HTMLTextAreaElement>('textbox', { name: /Message to the customers/ }).value).toBe(
      'The fibre is repaired; your service is back.',
    );
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Incident resolved; 1 ticket solved')).toBeTruthy();
    expect(resolves(calls).map((call) => call.body)).toEqual([
      { resolution_message: 'The fibre is repaired; your service is back.' },
    ]);
  });

  it('offers no recovery prompt once the incident is resolved', async () => {
    signInAs('cc', 'support');
    mockApi({ 'GET /api/v1/incidents/9': { data: { ...RECOVERED, status: 'resolved', resolution_message: 'Back.' } } });
    renderApp('/incidents/9');
    expect(await screen.findByText('Opened by a network alarm', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('The network has recovered — resolve the incident?')).toBeNull();
  });
});
