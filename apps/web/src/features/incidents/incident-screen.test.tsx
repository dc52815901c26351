import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IncidentDetail } from '@switchboard/shared';
import { mockApi, renderApp, signInAs, ticketRow } from '../../lib/test-support.tsx';

/** An active incident with an rs ticket and a cc ticket, and new reports held by rs and by iptsp. */
const INCIDENT: IncidentDetail = {
  id: 7,
  title: 'Fibre cut in Mirpur',
  group_id: null,
  group_name: null,
  sub_group_id: null,
  sub_group_name: null,
  sub_group_name_bn: null,
  status: 'active',
  public_note: null,
  created_by_name: 'Ayesha Rahman',
  created_at: '2026-11-20T04:05:06.000Z',
  resolved_at: null,
  resolution_message: null,
  ticket_count: 2,
  open_ticket_count: 2,
  opened_by: 'staff',
  area_codes: [],
  firing_alarm_count: 0,
  network_recovered_at: null,
  suggested_resolution: null,
  tickets: [ticketRow(101, 'No internet', { issued_to: 'rs' }), ticketRow(102, 'Slow line', { issued_to: 'cc' })],
  timeline: [{ at: '2026-11-20T04:05:06.000Z', event: 'created' }],
  suggested_tickets: [
    ticketRow(201, 'Line down', { issued_to: 'rs' }),
    ticketRow(202, 'No signal', { issued_to: 'iptsp' }),
    ticketRow(203, 'Still down', { issued_to: 'rs' }),
  ],
};

describe('the incident screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const open = async () => {
    mockApi({ 'GET /api/v1/incidents/7': { data: INCIDENT } });
    renderApp('/incidents/7');
    expect(await screen.findByRole('heading', { name: 'Fibre cut in Mirpur' }, { timeout: 5000 })).toBeTruthy();
  };
  const button = (name: string) => screen.queryByRole('button', { name });

  it("offers a department only its own tickets to link and unlink, and no resolve while another department's are unsolved", async () => {
    signInAs('rs');
    await open();
    expect(button('Unlink 101')).toBeTruthy();
    expect(button('Unlink 102')).toBeNull();
    expect(button('Link 201')).toBeTruthy();
    expect(button('Link 202')).toBeNull();
    expect(button('Link 203')).toBeTruthy();
    expect(button('Link all')).toBeTruthy();
    expect((button('Resolve incident') as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(
        'Another department holds unsolved ticket 102: only its staff or Customer Care can resolve this incident.',
      ),
    ).toBeTruthy();
  });

  it('offers cc every ticket and the resolve', async () => {
    signInAs('cc');
    await open();
    for (const name of ['Unlink 101', 'Unlink 102', 'Link 201', 'Link 202', 'Link 203', 'Link all'])
      expect(button(name), name).toBeTruthy();
    expect((button('Resolve incident') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Another department holds/)).toBeNull();
  });
});
