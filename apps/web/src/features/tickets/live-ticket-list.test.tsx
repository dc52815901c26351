import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket, TicketListItem } from '@switchboard/shared';
import {
  type ApiCall,
  fakeSessionToken,
  mockApi,
  renderApp,
  ticketListReply,
  ticketRow as row,
} from '../../lib/test-support.tsx';

const page = (data: TicketListItem[]) => ticketListReply(1, data);

/** The live stream of the test: stays open; `send` writes raw SSE text to it. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  return {
    reply: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (c) => {
            controller = c;
            c.enqueue(encoder.encode(': ready\n\n'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
      ),
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
    opened: () => controller !== null,
  };
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/v1/tickets/user-type-wise-tickets/'));

describe('the ticket list, live', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts new tickets in a pill instead of inserting them, and shows them on request', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'user' }));
    const stream = liveStream();
    let rows = [row(100001, 'Router keeps restarting')];
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/incidents/suggestions': { data: [], window_minutes: 30 },
      'GET /api/v1/tickets/user-type-wise-tickets/1': () => page(rows),
      'GET /api/v1/events': () => stream.reply(),
    });
    renderApp('/tickets?page=1');
    expect(await screen.findByText('Router keeps restart...', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(stream.opened()).toBe(true));
    const asked = listCalls(calls).length;

    rows = [row(100003, 'No signal at all'), row(100002, 'Slow speed at night'), ...rows];
    stream.send('event: ticket.created\ndata: {"ticket_id":100002}\n\n');
    expect(await screen.findByRole('button', { name: '1 new ticket — show' })).toBeTruthy();
    // The same ticket heard twice is one new ticket; a malformed event is nothing.
    stream.send('event: ticket.created\ndata: {"ticket_id":100002}\n\nevent: ticket.created\ndata: {"ticket":1}\n\n');
    stream.send('event: ticket.created\ndata: {"ticket_id":100003}\n\n');
    const pill = await screen.findByRole('button', { name: '2 new tickets — show' });
    expect(listCalls(calls)).toHaveLength(asked);
    expect(screen.queryByText('No signal at all')).toBeNull();

    await userEvent.click(pill);
    expect(await screen.findByText('No signal at all')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /new tickets? — show/ })).toBeNull();
    expect(listCalls(calls)).toHaveLength(asked + 1);
  });

  it('updates the row of a changed ticket in place, without refetching the page', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'customer', role: 'user' }));
    const stream = liveStream();
    const calls = mockApi({
      'GET /api/v1/tickets/user-type-wise-tickets/1': page([row(100001, 'Router keeps restarting'), row(100002, 'Slow')]),
      'GET /api/v1/tickets/get-ticket-by-id/100002': {
        data: [{ ...row(100002, 'Slow'), ticket_status: 'closed' } as unknown as Ticket],
      },
      'GET /api/v1/events': () => stream.reply(),
    });
    renderApp('/tickets?page=1');
    await screen.findByText('Router keeps restart...', {}, { timeout: 5000 });
    await waitFor(() => expect(stream.opened()).toBe(true));
    const asked = listCalls(calls).length;

    stream.send('event: ticket.changed\ndata: {"ticket_id":100002}\n\n');
    const changed = await screen.findByRole('row', { name: /Slow/ });
    await waitFor(() => expect(within(changed).getByText('Solved')).toBeTruthy());
    expect(within(screen.getByRole('row', { name: /Router/ })).queryByText('Solved')).toBeNull();
    expect(listCalls(calls)).toHaveLength(asked);
    // A ticket elsewhere changed: nothing to do here.
    stream.send('event: ticket.changed\ndata: {"ticket_id":100009}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.filter((call) => call.path.endsWith('/100009'))).toHaveLength(0);
  });
});
