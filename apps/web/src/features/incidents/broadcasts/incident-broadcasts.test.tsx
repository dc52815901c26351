import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Area, Broadcast, IncidentDetail } from '@switchboard/shared';
import { type ApiCall, mockApi, renderApp, signInAs } from '../../../lib/test-support.tsx';

const INCIDENT: IncidentDetail = {
  id: 7,
  title: 'Fibre cut in Mirpur',
  group_id: null,
  group_name: null,
  sub_group_id: null,
  sub_group_name: null,
  sub_group_name_bn: null,
  status: 'active',
  public_note: 'We know about a fibre cut in Mirpur and are repairing it.',
  created_by_name: 'Rahim',
  created_at: '2026-11-26T06:00:00.000Z',
  resolved_at: null,
  resolution_message: null,
  ticket_count: 0,
  open_ticket_count: 0,
  opened_by: 'staff',
  area_codes: ['MIR-10'],
  firing_alarm_count: 0,
  network_recovered_at: null,
  suggested_resolution: null,
  tickets: [],
  timeline: [{ at: '2026-11-26T06:00:00.000Z', event: 'created' }],
  suggested_tickets: [],
};

const AREAS: Area[] = [
  {
    code: 'MIR-10',
    name_en: 'Mirpur 10',
    name_bn: 'মিরপুর ১০',
    group_id: null,
    group_name: null,
    sub_group_id: null,
    sub_group_name: null,
    subscriber_count: 3000,
  },
];

const SENDING: Broadcast = {
  id: '4f7c1c1e-8a51-4c61-9d1a-0f3b6c2f9a10',
  incident_id: 7,
  kind: 'outage',
  status: 'sending',
  message_en: INCIDENT.public_note ?? '',
  message_bn: INCIDENT.public_note ?? '',
  recipients: 3000,
  sent: 1200,
  failed: 3,
  delivered: 0,
  created_by_name: 'Rahim',
  created_at: '2026-11-26T06:10:00.000Z',
  finished_at: null,
};

const posts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

describe('telling an incident’s area', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the areas by name, the count and the time before Confirm, then the progress with Cancel', async () => {
    signInAs('cc', 'support');
    let broadcasts: Broadcast[] = [];
    const calls = mockApi({
      'GET /api/v1/incidents/7': { data: INCIDENT },
      'GET /api/v1/areas': { data: AREAS },
      'GET /api/v1/incidents/7/broadcasts': () => ({ data: broadcasts }),
      'GET /api/v1/incidents/7/broadcasts/preview': {
        data: { recipients: 3000, seconds: 150, rate_per_second: 20, starts_at: null },
      },
      'POST /api/v1/incidents/7/broadcasts': () => {
        broadcasts = [SENDING];
        return { message: 'Sending to 3000 subscribers', data: SENDING };
      },
      'POST /api/v1/incidents/7/broadcasts/4f7c1c1e-8a51-4c61-9d1a-0f3b6c2f9a10/cancel': {
        message: 'Broadcast cancelled',
        data: { ...SENDING, status: 'cancelled' },
      },
    });
    renderApp('/incidents/7');
    expect(await screen.findByText('Mirpur 10', {}, { timeout: 5000 })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Tell the area' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tell the area by SMS' }, { timeout: 5000 }));
    expect(await dialog.findByText('3,000 subscribers, about 3 minutes at 20 SMS a second')).toBeTruthy();
    expect(dialog.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message in English' }).value).toBe(INCIDENT.public_note);
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sending to 3000 subscribers')).toBeTruthy();
    expect(posts(calls, '/api/v1/incidents/7/broadcasts').map((call) => call.body)).toEqual([
      { kind: 'outage', message_en: INCIDENT.public_note, message_bn: INCIDENT.public_note },
    ]);
    expect(await screen.findByText('1797 queued · 1200 sent · 3 failed · 0 delivered', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel sending' }));
    expect(await screen.findByText('Broadcast cancelled')).toBeTruthy();
  });

  it('offers the restored message to the same people after a resolve', async () => {
    signInAs('cc', 'support');
    let incident = INCIDENT;
    mockApi({
      'GET /api/v1/incidents/7': () => ({ data: incident }),
      'GET /api/v1/areas': { data: AREAS },
      'GET /api/v1/incidents/7/broadcasts': { data: [] },
      'GET /api/v1/incidents/7/broadcasts/preview': {
        data: { recipients: 3000, seconds: 150, rate_per_second: 20, starts_at: null },
      },
      'POST /api/v1/incidents/7/resolve': () => {
        incident = { ...INCIDENT, status: 'resolved', resolution_message: 'Service is back.' };
        return { message: 'Resolved', data: incident, affected: 0 };
      },
    });
    renderApp('/incidents/7');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Resolve incident' }, { timeout: 5000 }));
    const resolve = within(await screen.findByRole('dialog', { name: 'Resolve this incident?' }, { timeout: 5000 }));
    await user.type(resolve.getByRole('textbox', { name: /Message to the customers/ }), 'Service is back.');
    await user.click(resolve.getByRole('button', { name: 'Confirm' }));
    const offer = within(
      await screen.findByRole('dialog', { name: 'Tell the same people that the service is back?' }, { timeout: 5000 }),
    );
    expect(await offer.findByText('3,000 subscribers, about 3 minutes at 20 SMS a second')).toBeTruthy();
    expect(offer.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message in Bangla' }).value).toBe('Service is back.');
  });
});
