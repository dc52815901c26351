import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '@switchboard/shared';
import {
  type ApiCall,
  mockApi,
  renderApp,
  signInAs,
  ticketListReply,
  ticketRow as row,
  uuid as id,
} from '../../lib/test-support.tsx';

const GROUPS: Group[] = [
  { _id: id(1), group_name: 'Internet', sub_groups: [{ _id: id(11), sub_group_bn: 'ধীর গতি', sub_group_en: 'Slow speed' }] },
];

const reply = (page: number, total: number, data = [row(100001, 'Router keeps restarting at night')]) =>
  ticketListReply(page, data, total);

/** Every list call answers with a one-ticket page; the tests look at what was asked. */
function mockList(total = 1) {
  return mockApi({
    'GET /api/v1/groups': { data: GROUPS },
    ...Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`GET /api/v1/tickets/user-type-wise-tickets/${i + 1}`, reply(i + 1, total)]),
    ),
  });
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/v1/tickets/user-type-wise-tickets/'));
const lastQuery = (calls: ApiCall[]) => Object.fromEntries(listCalls(calls).at(-1)?.query ?? []);

describe('the tickets screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a customer the status search and Clear only, without Issued To and Issued By', async () => {
    signInAs('customer');
    mockList();
    renderApp('/tickets?page=1');
    expect(await screen.findByText('Router keeps restart...', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Issued To' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Issued By' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByLabelText('Ticket Id')).toBeNull();
    expect(screen.queryByLabelText('Problematic Number')).toBeNull();
    expect(screen.queryByLabelText('Group')).toBeNull();
    expect(screen.getByLabelText('Status', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("clears a customer's status and text search with the one Clear", async () => {
    signInAs('customer');
    mockList();
    const user = userEvent.setup();
    const { router } = renderApp('/tickets?page=1&status=open&q=router');
    await user.click(await screen.findByRole('button', { name: 'Clear' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1 }));
  });

  it('lets an agent search only by problematic number, sent with the 88 prefix after the debounce', async () => {
    signInAs('agent');
    const calls = mockList();
    const { router } = renderApp('/tickets?page=1');
    const number = await screen.findByLabelText('Problematic Number', {}, { timeout: 5000 });
    expect(screen.queryByLabelText('Ticket Id')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    fireEvent.change(number, { target: { value: '01712' } });
    await waitFor(() => expect(lastQuery(calls)).toEqual({ problematic_number: '8801712' }), { timeout: 3000 });
    expect(router.state.location.search).toEqual({ page: 1, problematic_number: '01712' });
  });

  it('gives staff the tabs and every filter, and asks with the filters of the URL', async () => {
    signInAs('rs');
    const calls = mockList(25);
    renderApp(`/tickets?page=2&status=closed&issued_to=rs&start_date=2026-11-01&end_date=2026-11-20&group_id=${id(1)}`);
    expect(await screen.findByText('Showing 11-20 out of 25', {}, { timeout: 5000 })).toBeTruthy();
    expect(listCalls(calls).at(-1)?.path).toBe('/api/v1/tickets/user-type-wise-tickets/2');
    expect(lastQuery(calls)).toEqual({
      status: 'closed',
      issued_to: 'rs',
      start_date: '2026-11-01',
      end_date: '2026-11-20',
      group_id: id(1),
    });
    expect(screen.getByRole('columnheader', { name: 'Issued By' })).toBeTruthy();
    for (const label of ['Subgroup', 'Issued to', 'Ticket Id', 'Problematic Number']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toBeTruthy();
    }
    // The days of the URL, as the interface's locale writes them.
    expect(screen.getByRole('button', { name: 'Start date' }).textContent).toBe('Nov 1, 2026');
    expect(screen.getByRole('button', { name: 'End date' }).textContent).toBe('Nov 20, 2026');
  });

  it('says when the list is narrowed to the tickets solved between two days, and removes it on request', async () => {
    signInAs('cc');
    const calls = mockList();
    renderApp('/tickets?page=1&resolved_from=2026-11-20&resolved_to=2026-11-26');
    expect(await screen.findByText('Solved between 2026-11-20 and 2026-11-26', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ resolved_from: '2026-11-20', resolved_to: '2026-11-26' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove the solved dates' }));
    await waitFor(() => expect(lastQuery(calls).resolved_from).toBeUndefined());
    expect(screen.queryByText(/^Solved between/)).toBeNull();
  });

  it('asks for agent tickets from page 1 when the Agent tickets tab is chosen', async () => {
    signInAs('cc');
    const calls = mockList(25);
    const { router } = renderApp('/tickets?page=3');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Agent tickets' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1, issuer_user_type: 'agent' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ issuer_user_type: 'agent' }));
  });

  it('asks staff for the overdue tickets from page 1 when Overdue only is ticked', async () => {
    signInAs('iptsp');
    const calls = mockList(25);
    const { router } = renderApp('/tickets?page=2');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Overdue only' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1, overdue: true }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ overdue: 'true' }));
  });

  it('offers a customer no Overdue filter, even from the address', async () => {
    signInAs('customer');
    const calls = mockList(1);
    renderApp('/tickets?page=1&overdue=true');
    expect(await screen.findByText(/^Router keeps/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Overdue only' })).toBeNull();
    expect(lastQuery(calls)).toEqual({});
  });

  it('brings back the filters of this browser session when the address has none', async () => {
    signInAs('cc');
    sessionStorage.setItem(
      'switchboard.tickets.filters',
      JSON.stringify({ status: 'in_progress', issuer_user_type: 'customer' }),
    );
    const calls = mockList();
    const { router } = renderApp('/tickets?page=1');
    await waitFor(
      () => expect(router.state.location.search).toEqual({ page: 1, status: 'in_progress', issuer_user_type: 'customer' }),
      { timeout: 5000 },
    );
    // The list is asked once, already with the filters.
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    expect(lastQuery(calls)).toEqual({ status: 'in_progress', issuer_user_type: 'customer' });
  });

  it('keeps the filters of the URL in session storage, and forgets them on Clear filters', async () => {
    signInAs('cc');
    mockList();
    const { router } = renderApp('/tickets?page=1&status=open');
    await waitFor(() => expect(sessionStorage.getItem('switchboard.tickets.filters')).toBe('{"status":"open"}'), {
      timeout: 5000,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1 }));
    await waitFor(() => expect(sessionStorage.getItem('switchboard.tickets.filters')).toBeNull());
  });

  it('opens a ticket from its row', async () => {
    signInAs('customer');
    mockList();
    const { router } = renderApp('/tickets?page=1');
    fireEvent.click((await screen.findAllByTestId('ticket-row', {}, { timeout: 5000 }))[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/view-ticket'));
    expect(router.state.location.search).toEqual({ id: 100001 });
  });

  it('shows the last page instead of a page past the end', async () => {
    signInAs('customer');
    mockList(12);
    const { router } = renderApp('/tickets?page=5');
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }), { timeout: 5000 });
  });
});
