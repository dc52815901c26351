import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketListItem } from '@switchboard/shared';
import { type ApiCall, mockApi, renderApp, signInAs, ticketListReply, ticketRow as row } from '../../../lib/test-support.tsx';

/** `total` tickets, 10 a page, ids 100001 upwards; each page answers with its own rows. */
function mockTickets(total: number, extra: Parameters<typeof mockApi>[0] = {}) {
  const rows: TicketListItem[] = Array.from({ length: total }, (_, index) => row(100001 + index, `Ticket number ${index + 1}`));
  const pages = Math.max(1, Math.ceil(total / 10));
  return mockApi({
    'GET /api/v1/groups': { data: [] },
    ...Object.fromEntries(
      Array.from({ length: pages }, (_, index) => [
        `GET /api/v1/tickets/user-type-wise-tickets/${index + 1}`,
        ticketListReply(index + 1, rows.slice(index * 10, index * 10 + 10), total),
      ]),
    ),
    ...extra,
  });
}

const bulkCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/v1/tickets/bulk');

describe('bulk actions on the ticket list', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives customers and agents no selection', async () => {
    signInAs('customer');
    mockTickets(3);
    renderApp('/tickets?page=1');
    expect(await screen.findByText('Ticket number 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select ticket 100001' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all on this page' })).toBeNull();
  });

  it('lets staff pick rows by keyboard without opening them, resolve them, and shows what was done and refused', async () => {
    signInAs('rs');
    const calls = mockTickets(3, {
      'POST /api/v1/tickets/bulk': {
        data: {
          done: [100001],
          refused: [{ ticket_id: 100003, message: 'This ticket is already solved.', code: 'conflict' }],
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/tickets?page=1');
    const first = await screen.findByRole('checkbox', { name: 'Select ticket 100001' }, { timeout: 5000 });
    first.focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select ticket 100003' }));
    // The row's own Enter and Space open the ticket; the box's Space only selects.
    expect(router.state.location.pathname).toBe('/tickets');
    const bar = await screen.findByRole('region', { name: 'Bulk actions' }, { timeout: 5000 });
    expect(within(bar).getByText('2 tickets selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve 2 tickets' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]?.body).toEqual({ action: 'resolve', ticket_ids: [100001, 100003] });
    const summary = await screen.findByTestId('bulk-summary');
    expect(within(summary).getByText('1 ticket done.')).toBeTruthy();
    expect(within(summary).getByText('1 ticket refused:')).toBeTruthy();
    const link = within(summary).getByRole('link', { name: 'Ticket 100003' });
    expect(link.getAttribute('href')).toBe('/view-ticket?id=100003');
    expect(within(summary).getByText(/This ticket is already solved\./)).toBeTruthy();
    // The selection is spent.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('selects the page, then every matching ticket through the list pages', async () => {
    signInAs('cc');
    const calls = mockTickets(25);
    const user = userEvent.setup();
    renderApp('/tickets?page=1&status=open');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }, { timeout: 5000 }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' }, { timeout: 5000 });
    expect(within(bar).getByText('10 tickets selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Select all 25 matching' }));
    expect(await within(bar).findByText('25 tickets selected')).toBeTruthy();
    const pages = calls
      .filter((call) => call.path.startsWith('/api/v1/tickets/user-type-wise-tickets/'))
      .map((call) => `${call.path.split('/').at(-1)}?${call.query.toString()}`);
    expect(pages).toEqual(expect.arrayContaining(['1?status=open', '2?status=open', '3?status=open']));
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('asks for the department and cause of a forward before sending it, then sends them', async () => {
    signInAs('rs');
    const calls = mockTickets(2, { 'POST /api/v1/tickets/bulk': { data: { done: [100001, 100002], refused: [] } } });
    const user = userEvent.setup();
    renderApp('/tickets?page=1');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Forward' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward 2 tickets' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose the department to forward to')).toBeTruthy();
    expect(bulkCalls(calls)).toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Forward to/ }), 'IPTSP');
    await user.type(within(dialog).getByRole('textbox', { name: /Cause/ }), 'Fibre team');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]?.body).toEqual({
      action: 'forward',
      ticket_ids: [100001, 100002],
      newly_issued_to: 'iptsp',
      forward_cause: 'Fibre team',
      is_in_forward_loop: false,
    });
    expect(await screen.findByText('2 tickets done.')).toBeTruthy();
  });

  it('sets the priority chosen in its dialog', async () => {
    signInAs('cc');
    const calls = mockTickets(2, { 'POST /api/v1/tickets/bulk': { data: { done: [100001, 100002], refused: [] } } });
    const user = userEvent.setup();
    renderApp('/tickets?page=1');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Set priority' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the priority of 2 tickets' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Priority/ }), 'Urgent');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]?.body).toEqual({ action: 'priority', ticket_ids: [100001, 100002], priority: 'urgent' });
    expect(await screen.findByText('2 tickets done.')).toBeTruthy();
  });
});
