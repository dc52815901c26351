import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket, UserType } from '@switchboard/shared';
import { fakeSessionToken, jsonReply, mockApi, renderApp } from '../../lib/test-support.tsx';

const signInAs = (user_type: UserType) => localStorage.setItem('jwt_token', fakeSessionToken({ user_type, role: 'user' }));

const TICKET: Ticket = {
  ticket_id: 100042,
  title: 'Bill charged twice this month',
  description: 'First line.\nSecond line.',
  problematic_number: '8801712345678',
  issued_to: 'oss-bss',
  issuer_number: '8809638000006',
  issuer_name: 'Rafiq Islam',
  issuer_user_type: 'agent',
  ticket_status: 'in_progress',
  created_at: '2026-11-20T04:05:06.000Z',
  resolved_at: null,
  attachments: ['/storage/attachments/2026/11/a.png', '/storage/attachments/2026/11/b.png'],
  comments: [
    {
      id: 'c2',
      commenter_name: 'Ayesha Rahman',
      created_at: '2026-11-20T05:00:00.000Z',
      message: 'Line test shows loss',
      attachments: [],
      is_internal: true,
    },
    {
      id: 'c1',
      commenter_name: 'Rafiq Islam',
      created_at: '2026-11-20T04:30:00.000Z',
      message: 'Please hurry',
      attachments: [],
      is_internal: false,
    },
  ],
  forwarder_history: [
    {
      previously_issued_to: 'cc',
      newly_issued_to: 'oss-bss',
      forward_cause: 'Billing system issue',
      is_in_forward_loop: true,
      forwarded_by_name: 'Ayesha Rahman',
      created_at: '2026-11-20T05:00:00.000Z',
    },
  ],
  group_id: null,
  group_name: 'Billing',
  sub_group_id: null,
  sub_group_name: 'Wrong bill',
  client_email: null,
};

describe('the ticket view', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows staff the ticket, the issuer, the forwards and the comments oldest first with internal marked', async () => {
    signInAs('cc');
    mockApi({ 'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] } });
    renderApp('/view-ticket?id=100042');
    expect(await screen.findByRole('heading', { name: 'Bill charged twice this month' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Ticket #100042 · Nov 20 • 10:05:06 AM')).toBeTruthy();
    expect(screen.getByText(/First line\.\s+Second line\./)).toBeTruthy();
    expect(screen.getByText('OSS & BSS')).toBeTruthy();
    // The name and the number are isolated from each other (<bdi>), so the text spans elements.
    expect(
      screen.getByText((_, element) => element?.tagName === 'DD' && element.textContent === 'Rafiq Islam · +8809638000006'),
    ).toBeTruthy();
    expect(screen.getByText('Customer Care → OSS & BSS')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Open attachment \d of 2$/ })).toHaveLength(2);
    const comments = screen.getAllByTestId('comment');
    expect(comments.map((comment) => within(comment).getByText(/Please hurry|Line test/).textContent)).toEqual([
      'Please hurry',
      'Line test shows loss',
    ]);
    expect(within(comments[1] as HTMLElement).getByText('internal')).toBeTruthy();
    expect(within(comments[0] as HTMLElement).queryByText('internal')).toBeNull();
    expect(screen.getByRole('switch', { name: 'External Comment' })).toBeTruthy();
  });

  it('shows an agent neither Issued To nor Issued By, nor the internal toggle', async () => {
    signInAs('agent');
    const own = {
      ...TICKET,
      issuer_name: undefined,
      forwarder_history: [],
      comments: [TICKET.comments[1]].filter((c) => c !== undefined),
    };
    mockApi({ 'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [own] } });
    renderApp('/view-ticket?id=100042');
    expect(await screen.findByText('Please hurry', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Issued To')).toBeNull();
    expect(screen.queryByText('Issued By')).toBeNull();
    expect(screen.queryByText('Forward history')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByLabelText('Add comment')).toBeTruthy();
  });

  it('says the ticket is not found when the server refuses it', async () => {
    signInAs('customer');
    mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': jsonReply(404, { message: 'Ticket not found', code: 'not_found' }),
    });
    renderApp('/view-ticket?id=100042');
    expect(await screen.findByText('Ticket not found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Back to tickets')).toBeTruthy();
  });
});
