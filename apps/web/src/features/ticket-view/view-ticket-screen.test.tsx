import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket, TicketComment } from '@switchboard/shared';
import { jsonReply, mockApi, renderApp, signInAs, ticketFixture } from '../../lib/test-support.tsx';

const TICKET: Ticket = ticketFixture({
  title: 'Bill charged twice this month',
  description: 'First line.\nSecond line.',
  issued_to: 'oss-bss',
  attachments: ['/storage/attachments/2026/11/a.png', '/storage/attachments/2026/11/b.png'],
  comments: [
    {
      id: 'c2',
      commenter_name: 'Ayesha Rahman',
      created_at: '2026-11-20T05:00:00.000Z',
      message: 'Line test shows loss',
      attachments: [],
      is_internal: true,
      source: 'web',
    },
    {
      id: 'c1',
      commenter_name: 'Rafiq Islam',
      created_at: '2026-11-20T04:30:00.000Z',
      message: 'Please hurry',
      attachments: [],
      is_internal: false,
      source: 'web',
    },
  ],
  comments_total: 2,
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
  group_name: 'Billing',
  sub_group_name: 'Wrong bill',
});

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
    // The side panels (details, forwards) mount once the ticket's text has been painted.
    expect(await screen.findByText('OSS & BSS')).toBeTruthy();
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
    // The comment form arrives in its own chunk, right after the ticket.
    expect(await screen.findByRole('switch', { name: 'External Comment' }, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['late', -150, true, 'Overdue by 2 h'],
    ['not yet due', 190, false, 'Due in 3 h'],
  ])('tells staff when a %s ticket is due', async (_name, minutesLeft, overdue, words) => {
    signInAs('rs');
    const dueAt = new Date(Date.now() + minutesLeft * 60_000).toISOString();
    mockApi({ 'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [{ ...TICKET, due_at: dueAt, overdue }] } });
    renderApp('/view-ticket?id=100042');
    expect(await screen.findByText(words, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Due')).toBeTruthy();
  });

  it('shows an agent neither Issued To nor Issued By, nor the internal toggle', async () => {
    signInAs('agent');
    const own = {
      ...TICKET,
      issuer_name: undefined,
      forwarder_history: [],
      comments: [TICKET.comments[1]].filter((c) => c !== undefined),
      comments_total: 1,
    };
    mockApi({ 'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [own] } });
    renderApp('/view-ticket?id=100042');
    expect(await screen.findByText('Please hurry', {}, { timeout: 5000 })).toBeTruthy();
    // What is absent is looked for once the side panels, which mount after the first paint, are there.
    expect(await screen.findByText('Billing')).toBeTruthy();
    expect(screen.queryByText('Issued To')).toBeNull();
    expect(screen.queryByText('Issued By')).toBeNull();
    expect(screen.queryByText('Forward history')).toBeNull();
    expect(await screen.findByLabelText('Add comment', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
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

  it.each(['/view-ticket?id=abc', '/view-ticket'])(
    'says %s is a ticket not found, with the way back to the list',
    async (path) => {
      signInAs('customer');
      const calls = mockApi();
      renderApp(path);
      expect(await screen.findByText('Ticket not found', {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to tickets' }).getAttribute('href')).toBe('/tickets?page=1');
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(calls.filter((call) => call.path.startsWith('/api/v1/tickets')).map((call) => call.path)).toEqual([]);
    },
  );

  it('says a ticket id the server refuses is a ticket not found, offering no retry', async () => {
    signInAs('customer');
    mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': jsonReply(400, {
        message: 'id: Ticket id is a number',
        code: 'bad_request',
      }),
    });
    renderApp('/view-ticket?id=100042');
    expect(await screen.findByText('Ticket not found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Ticket id is a number/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('the comments of a long conversation', { timeout: 30_000 }, () => {
  const comment = (n: number): TicketComment => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    commenter_name: 'Rafiq Islam',
    created_at: new Date(Date.UTC(2026, 10, 20, 0, n)).toISOString(),
    message: `Comment number ${n}`,
    attachments: [],
    is_internal: false,
    source: 'web',
  });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => comment(from + i));
  const shown = () => screen.getAllByTestId('comment').map((item) => within(item).getByText(/^Comment number/).textContent);
  const earlier = () => screen.queryByRole('button', { name: 'Show earlier comments' });

  function openTicketWith(total: number, newest: TicketComment[], pages: Parameters<typeof mockApi>[0] = {}) {
    signInAs('customer');
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [{ ...TICKET, comments: newest, comments_total: total }] },
      ...pages,
    });
    renderApp('/view-ticket?id=100042');
    return calls;
  }

  it('loads the earlier comments a page at a time above the others, oldest first', async () => {
    const calls = openTicketWith(55, range(6, 55), {
      'GET /api/v1/tickets/100042/comments': (call) =>
        call.query.get('before') === comment(6).id ? { data: range(1, 5), has_more: false } : { data: [], has_more: false },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show earlier comments' }, { timeout: 5000 }));

    await waitFor(() => expect(shown()).toHaveLength(55));
    expect(shown().slice(0, 7)).toEqual(range(1, 7).map((c) => c.message));
    expect(earlier()).toBeNull();
    expect(calls.filter((call) => call.path === '/api/v1/tickets/100042/comments')).toHaveLength(1);
  });

  it('says when the earlier comments could not be loaded, and tries again on request', async () => {
    let attempts = 0;
    openTicketWith(51, range(2, 51), {
      'GET /api/v1/tickets/100042/comments': () =>
        ++attempts === 1 ? new Response('Bad gateway', { status: 502 }) : { data: [comment(1)], has_more: false },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show earlier comments' }, { timeout: 5000 }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The earlier comments could not be loaded.');
    expect(alert.textContent).toContain('Sorry, something went wrong. Please try again or refresh');
    expect(shown()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(shown()[0]).toBe('Comment number 1'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
