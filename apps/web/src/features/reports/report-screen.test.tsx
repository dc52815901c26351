import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportPreviewReply, UserType } from '@switchboard/shared';
import { fakeSessionToken, jsonReply, mockApi, renderApp, type ApiCall } from '../../lib/test-support.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const signInAs = (user_type: UserType) => localStorage.setItem('jwt_token', fakeSessionToken({ user_type, role: 'user' }));
const LINK = '/storage/reports/2026/11/0b6f3c52-6a8e-4f0e-9c1e-2f1c4c8a9d10/tickets-x.xlsx?expires=1&signature=s';

const PREVIEW: ReportPreviewReply = {
  file_name: 'tickets-x.xlsx',
  expires_at: '2026-11-22T10:00:00.000Z',
  sheets: [
    {
      name: 'Summary',
      columns: [
        { header: 'Section', width: 18, align: 'left' },
        { header: 'Item', width: 36, align: 'left' },
        { header: 'Value', width: 28, align: 'left' },
      ],
      rows: [['Totals', 'Tickets', '1']],
      truncated: false,
    },
    {
      name: 'Tickets',
      columns: [
        { header: 'Ticket ID', width: 11, align: 'right' },
        { header: 'Title', width: 40, align: 'left' },
      ],
      rows: [['100001', '=HYPERLINK("x")']],
      truncated: false,
    },
  ],
};

const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

/** Today in Dhaka as the calendar labels its day button. */
const todayInDhaka = () => dayjs().tz('Asia/Dhaka');

/** Opens a date field and clicks today's day (a CSS query: role queries over a calendar are slow). */
async function pickToday(user: ReturnType<typeof userEvent.setup>, field: RegExp) {
  await user.click(screen.getByLabelText(field));
  const label = todayInDhaka().format('D MMMM YYYY');
  const day = await waitFor(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>(`button[aria-label="${label}"]:not([data-outside])`)];
    const open = buttons.at(-1);
    if (!open) throw new Error(`no day ${label}`);
    return open;
  });
  await user.click(day);
}

describe('the report screen', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<UserType>(['iptsp', 'agent'])('sends %s users to the ticket list', async (userType) => {
    signInAs(userType);
    mockApi({
      'GET /api/v1/tickets/user-type-wise-tickets/1': {
        data: [],
        total_tickets: 0,
        total_pages: 0,
        previous_page: null,
        next_page: null,
      },
    });
    const { router } = renderApp('/report');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'), { timeout: 5000 });
  });

  it('asks for both dates before anything is sent', async () => {
    signInAs('rs');
    const calls = mockApi({ 'GET /api/v1/groups': { data: [] } });
    renderApp('/report');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Generate' }, { timeout: 5000 }));
    expect(await screen.findByText('Choose a start date')).toBeTruthy();
    expect(screen.getByText('Choose an end date')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/v1/tickets/report')).toHaveLength(0);
  });

  it("sends the period with the provider's offset, opens the workbook in a new tab and shows it in the viewer", async () => {
    signInAs('cc');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'POST /api/v1/tickets/report': { public_url: LINK },
      'GET /api/v1/tickets/report/preview': PREVIEW,
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/report');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Generate' }, { timeout: 5000 });
    await pickToday(user, /^Start date/);
    await pickToday(user, /^End date/);
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const viewer = await screen.findByRole('region', { name: 'Report workbook' });
    const day = todayInDhaka().format('YYYY-MM-DD');
    expect(callsTo(calls, 'POST', '/api/v1/tickets/report')[0]?.body).toEqual({
      start_date: `${day}T00:00:00+06:00`,
      end_date: `${day}T23:59:59+06:00`,
    });
    expect(open).toHaveBeenCalledWith(LINK, '_blank');
    expect(await within(viewer).findByRole('table', { name: 'Tickets' })).toBeTruthy();
    expect(within(viewer).getByText('=HYPERLINK("x")')).toBeTruthy();
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(LINK);
    expect(callsTo(calls, 'GET', '/api/v1/tickets/report/preview')[0]?.query.get('public_url')).toBe(LINK);

    await user.click(within(viewer).getByRole('tab', { name: 'Summary' }));
    expect(await within(viewer).findByRole('table', { name: 'Summary' })).toBeTruthy();
  });

  it('exports the outage ledger of a period, without the narrowing fields, into the same viewer', async () => {
    signInAs('rs');
    const ledgerLink = LINK.replace('tickets-x', 'outages-x');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'POST /api/v1/reports/outages': { public_url: ledgerLink },
      'GET /api/v1/tickets/report/preview': {
        ...PREVIEW,
        sheets: [PREVIEW.sheets[0], { ...PREVIEW.sheets[1], name: 'Outages' }],
      },
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/report');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Generate' }, { timeout: 5000 });
    await user.click(screen.getByText('Outage ledger'));
    expect(screen.queryByLabelText(/^Group/)).toBeNull();
    await pickToday(user, /^Start date/);
    await pickToday(user, /^End date/);
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const viewer = await screen.findByRole('region', { name: 'Report workbook' });
    const day = todayInDhaka().format('YYYY-MM-DD');
    expect(callsTo(calls, 'POST', '/api/v1/reports/outages')[0]?.body).toEqual({
      start_date: `${day}T00:00:00+06:00`,
      end_date: `${day}T23:59:59+06:00`,
    });
    expect(callsTo(calls, 'POST', '/api/v1/tickets/report')).toHaveLength(0);
    expect(await within(viewer).findByRole('table', { name: 'Outages' })).toBeTruthy();
  });

  it.each([
    [
      'the server message',
      jsonReply(400, { message: 'A report covers at most 400 days', code: 'validation' }),
      'A report covers at most 400 days',
    ],
    ['An error occurred without one', new Response('', { status: 502 }), 'An error occurred'],
  ])('shows %s when the report fails', async (_case, reply, text) => {
    signInAs('cc');
    mockApi({ 'GET /api/v1/groups': { data: [] }, 'POST /api/v1/tickets/report': reply });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/report');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Generate' }, { timeout: 5000 });
    await pickToday(user, /^Start date/);
    await pickToday(user, /^End date/);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Report workbook' })).toBeNull();
  });
});
