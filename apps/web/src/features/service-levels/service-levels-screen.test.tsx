import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEPARTMENTS, type CalendarListReply, type ServiceLevelListReply } from '@switchboard/shared';
import { mockApi, renderApp, signInAs, ticketListReply } from '../../lib/test-support.tsx';

const LEVELS: ServiceLevelListReply = {
  data: DEPARTMENTS.map((department) => ({
    department,
    first_reply_hours: 4,
    resolve_hours: 48,
    calendar_id: null,
    recompute: null,
  })),
};

const NINE_TO_FIVE = [{ start: '09:00', end: '17:00' }];
const CALENDARS: CalendarListReply = {
  data: [
    {
      id: 1,
      name: 'Sunday–Thursday 9–17',
      timezone: 'Asia/Dhaka',
      week: [NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, [], []],
      holidays: [],
      departments: [],
    },
  ],
};

describe('the service levels screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows each department's hours and saves a change with the endpoint's schema", async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({
      'GET /api/v1/service-levels': LEVELS,
      'GET /api/v1/calendars': CALENDARS,
      'PUT /api/v1/service-levels/rs': (call) => ({ data: { department: 'rs', ...(call.body as object) } }),
    });
    renderApp('/service-levels');
    const retail = within(await screen.findByRole('form', { name: 'Retail Sales' }, { timeout: 5000 }));
    const firstReply = retail.getByRole('textbox', { name: 'First reply (hours)' });
    expect((firstReply as HTMLInputElement).value).toBe('4');

    await userEvent.clear(firstReply);
    await userEvent.click(retail.getByRole('button', { name: 'Save Retail Sales' }));
    expect(await retail.findByText(/Hours to the first reply is a whole number of hours from 1 to 720/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.type(firstReply, '2');
    await userEvent.click(retail.getByRole('button', { name: 'Save Retail Sales' }));
    expect(await screen.findByText('Service levels of Retail Sales saved')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { first_reply_hours: 2, resolve_hours: 48, calendar_id: null },
    ]);
  });

  it('sets a department on a working calendar and shows the recomputation while it runs', async () => {
    signInAs('cc', 'admin');
    let progress: { done: number; total: number } | null = null;
    const calls = mockApi({
      'GET /api/v1/service-levels': () => ({
        data: LEVELS.data.map((level) =>
          level.department === 'iptsp' ? { ...level, calendar_id: 1, recompute: progress } : level,
        ),
      }),
      'GET /api/v1/calendars': CALENDARS,
      'PUT /api/v1/service-levels/iptsp': (call) => {
        progress = { done: 1200, total: 5000 };
        return { data: { department: 'iptsp', ...(call.body as object), recompute: progress } };
      },
    });
    renderApp('/service-levels');
    const iptsp = within(await screen.findByRole('form', { name: 'IPTSP' }, { timeout: 5000 }));
    const calendar = iptsp.getByRole('combobox', { name: 'Working calendar' });
    await waitFor(() => expect((calendar as HTMLInputElement).value).toBe('Sunday–Thursday 9–17'));
    await userEvent.click(calendar);
    await userEvent.click(await screen.findByRole('option', { name: 'Always' }));
    await userEvent.click(iptsp.getByRole('button', { name: 'Save IPTSP' }));
    expect(await iptsp.findByText('Recomputing due times: 1,200 of 5,000', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { first_reply_hours: 4, resolve_hours: 48, calendar_id: null },
    ]);
  });

  it('sends staff who are not admins back to the ticket list', async () => {
    signInAs('rs', 'moderator');
    mockApi({
      'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, []),
    });
    renderApp('/service-levels');
    expect(await screen.findByRole('heading', { name: 'Tickets' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Service levels' })).toBeNull();
  });
});
