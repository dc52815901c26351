import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NumberHistory } from '@switchboard/shared';
import {
  fakeSessionToken,
  historyTicket as item,
  jsonReply,
  mockApi,
  renderApp,
  ticketFixture,
} from '../../../lib/test-support.tsx';
import { eventText } from '../number-history-text.ts';

const TICKET = ticketFixture();

const HISTORY: NumberHistory = {
  number: '8801712345678',
  open_count: 2,
  total_count: 3,
  tickets: [
    item(100042, 'No internet since morning', 'in_progress'),
    item(100040, 'Slow speed in the evening', 'open'),
    item(100031, 'Router replaced', 'closed'),
  ],
  timeline: [
    {
      at: '2026-11-20T05:00:00.000Z',
      ticket_id: 100042,
      kind: 'forwarded',
      from: 'cc',
      to: 'iptsp',
      cause: 'Needs a field visit',
      by_name: 'Ayesha',
    },
    { at: '2026-11-02T05:00:00.000Z', ticket_id: 100031, kind: 'resolved' },
    { at: '2026-11-01T04:00:00.000Z', ticket_id: 100040, kind: 'created', by_name: 'Nadia' },
  ],
};

describe("the number's history on the ticket view", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the counts, the other tickets as links and the timeline, asked for after the ticket', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'user' }));
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tickets/number-history/8801712345678': { data: HISTORY },
    });
    renderApp('/view-ticket?id=100042');

    const panel = await screen.findByRole('region', { name: 'History of +8801712345678' }, { timeout: 5000 });
    expect(await within(panel).findByText('2 open · 3 tickets in all')).toBeTruthy();
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toContainEqual(['#100040', '/view-ticket?id=100040']);
    expect(links).toContainEqual(['#100031', '/view-ticket?id=100031']);
    // The ticket on screen is not one of "the other tickets".
    expect(links.filter(([, href]) => href === '/view-ticket?id=100042')).toEqual([]);
    expect(within(panel).getByText('Forwarded from Customer Care to IPTSP: Needs a field visit')).toBeTruthy();
    expect(within(panel).getByText('Resolved')).toBeTruthy();
    expect(within(panel).getByText('Ticket raised by Nadia')).toBeTruthy();

    // The ticket's own events are on the screen already: the timeline asks for the others' only.
    const asked = calls.find((call) => call.path === '/api/v1/tickets/number-history/8801712345678');
    expect(asked?.query.get('except_ticket_id')).toBe('100042');
    const paths = calls.map((call) => call.path);
    expect(paths.indexOf('/api/v1/tickets/number-history/8801712345678')).toBeGreaterThan(
      paths.indexOf('/api/v1/tickets/get-ticket-by-id/100042'),
    );
  });

  it('says quietly when the history cannot be read, shows the ticket anyway, and reads it again on request', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'customer', role: 'user' }));
    let attempts = 0;
    mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tickets/number-history/8801712345678': () =>
        ++attempts === 1 ? jsonReply(503, { message: 'Busy', code: 'unavailable' }) : { data: { ...HISTORY, timeline: [] } },
    });
    renderApp('/view-ticket?id=100042');
    expect(await screen.findByRole('heading', { name: TICKET.title }, { timeout: 5000 })).toBeTruthy();
    const panel = await screen.findByRole('region', { name: 'History of +8801712345678' });
    expect(await within(panel).findByText('Busy')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(panel).getByText("Nothing has happened on the number's other tickets yet.")).toBeTruthy());
  });
});

describe('the texts of the timeline', () => {
  it('reads every kind of event', () => {
    const at = '2026-11-20T05:00:00.000Z';
    expect(eventText({ at, ticket_id: 1, kind: 'created' })).toBe('Ticket raised');
    expect(eventText({ at, ticket_id: 1, kind: 'forwarded', from: 'oss-bss', to: 'cc', cause: 'Back' })).toBe(
      'Forwarded from OSS & BSS to Customer Care: Back',
    );
    expect(eventText({ at, ticket_id: 1, kind: 'resolved' })).toBe('Resolved');
    expect(eventText({ at, ticket_id: 1, kind: 'reopened', by_name: 'Nadia' })).toBe('Reopened by Nadia');
    expect(eventText({ at, ticket_id: 1, kind: 'commented', by_name: 'customer support' })).toBe('Comment by customer support');
  });
});
