import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeSessionToken,
  mockApi,
  renderApp,
  signInAs,
  ticketListReply,
  ticketRow as row,
  type ApiCall,
} from '../../lib/test-support.tsx';

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/v1/tickets/user-type-wise-tickets/'));

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

describe('ratings on the ticket list', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the low-rated tickets the address names, and marks each rated row', async () => {
    signInAs('rs');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/incidents/suggestions': { data: [], window_minutes: 30 },
      'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, [
        row(100001, 'Router keeps restarting', { rating: 2 }),
        row(100002, 'Slow speed', { rating: 5 }),
        row(100003, 'No signal', { rating: null }),
      ]),
    });
    renderApp('/tickets?page=1&rating=low');
    const low = await screen.findByRole('row', { name: /Router keeps/ }, { timeout: 5000 });
    expect(listCalls(calls).at(-1)?.query.get('rating')).toBe('low');
    expect(within(low).getByTestId('rating-badge').getAttribute('data-low')).toBe('true');
    expect(within(screen.getByRole('row', { name: /Slow speed/ })).getByText('Rated 5 of 5')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /No signal/ })).queryByTestId('rating-badge')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Rating', { selector: 'input' }).value).toBe('Low (1–2)');
  });

  it('keeps the chosen rating in the address', async () => {
    signInAs('cc');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/incidents/suggestions': { data: [], window_minutes: 30 },
      'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, [row(100001, 'Router keeps restarting')]),
    });
    const { router } = renderApp('/tickets?page=1');
    await screen.findByRole('row', { name: /Router keeps/ }, { timeout: 5000 });
    await userEvent.click(screen.getByLabelText('Rating', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Any rating' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ rating: 'any' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('rating')).toBe('any'));
  });

  it('offers customers no rating filter', async () => {
    signInAs('customer');
    mockApi({ 'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, [row(100001, 'Router keeps restarting')]) });
    renderApp('/tickets?page=1&rating=low');
    await screen.findByText('Router keeps restart...', {}, { timeout: 5000 });
    expect(screen.queryByLabelText('Rating', { selector: 'input' })).toBeNull();
  });

  it('refetches the list and tells of a low rating with a link to the ticket', async () => {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'cc', role: 'user' }));
    const stream = liveStream();
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/incidents/suggestions': { data: [], window_minutes: 30 },
      'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, [row(100001, 'Router keeps restarting')]),
      'GET /api/v1/events': () => stream.reply(),
    });
    renderApp('/tickets?page=1');
    await screen.findByText('Router keeps restart...', {}, { timeout: 5000 });
    await waitFor(() => expect(stream.opened()).toBe(true));
    const asked = listCalls(calls).length;
    stream.send('event: ticket.rated_low\ndata: {"ticket_id":100001,"score":2}\n\n');
    expect(await screen.findByText('Ticket #100001 was rated 2 of 5', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the ticket' }).getAttribute('href')).toBe('/view-ticket?id=100001');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(asked));
  });
});
