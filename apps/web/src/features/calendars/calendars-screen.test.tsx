import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Calendar, CalendarListReply } from '@switchboard/shared';
import { mockApi, renderApp, signInAs, ticketListReply } from '../../lib/test-support.tsx';

const NINE_TO_FIVE = [{ start: '09:00', end: '17:00' }];
const BD: Calendar = {
  id: 1,
  name: 'Sunday–Thursday 9–17',
  timezone: 'Asia/Dhaka',
  week: [NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, [], []],
  holidays: [{ date: '2026-12-16', name: 'Victory Day' }],
  departments: ['cc'],
};
const LIST: CalendarListReply = { data: [BD] };

describe('the working calendars screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each calendar with its week, holidays and departments', async () => {
    signInAs('cc', 'admin');
    mockApi({ 'GET /api/v1/calendars': LIST });
    renderApp('/calendars');
    const card = within(await screen.findByRole('region', { name: BD.name }, { timeout: 5000 }));
    expect(card.getByText('Asia/Dhaka')).toBeTruthy();
    expect(card.getAllByText('09:00–17:00')).toHaveLength(5);
    expect(card.getAllByText('Closed')).toHaveLength(2);
    expect(card.getByText('1 holiday')).toBeTruthy();
    expect(card.getByText('Used by: Customer Care')).toBeTruthy();
  });

  it("creates a calendar, refusing what the endpoint's schema refuses before sending", async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({
      'GET /api/v1/calendars': LIST,
      'POST /api/v1/calendars': (call) => ({ data: { id: 2, holidays: [], departments: [], ...(call.body as object) } }),
    });
    renderApp('/calendars');
    await userEvent.click(await screen.findByRole('button', { name: 'New calendar' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', {}, { timeout: 5000 }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'Night shift');
    const sundayUntil = dialog.getByRole('textbox', { name: 'Sunday Until' });
    await userEvent.clear(sundayUntil);
    await userEvent.type(sundayUntil, '08:00');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('A working interval ends after it starts')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.clear(sundayUntil);
    await userEvent.type(sundayUntil, '24:00');
    await userEvent.click(dialog.getByRole('button', { name: 'Add hours to Friday' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Monday 09:00–17:00' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Night shift',
      timezone: 'Asia/Dhaka',
      week: [[{ start: '09:00', end: '24:00' }], [], NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, []],
    });
  });

  it('adds a holiday and imports an .ics file as text/calendar', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({
      'GET /api/v1/calendars': LIST,
      'POST /api/v1/calendars/1/holidays': { data: BD },
      'POST /api/v1/calendars/1/holidays/import': { data: { imported: 3, skipped: 1 } },
    });
    renderApp('/calendars');
    const card = within(await screen.findByRole('region', { name: BD.name }, { timeout: 5000 }));
    await userEvent.click(card.getByRole('button', { name: 'Holidays' }));
    const dialog = within(await screen.findByRole('dialog', {}, { timeout: 5000 }));
    expect(dialog.getByText('Victory Day')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText(/Date/), '2026-02-21');
    await userEvent.type(dialog.getByRole('textbox', { name: /Name/ }), 'Language Day');
    await userEvent.click(dialog.getByRole('button', { name: 'Add holiday' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/calendars/1/holidays')?.body).toEqual({
        date: '2026-02-21',
        name: 'Language Day',
      }),
    );

    const file = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'holidays.ics', { type: 'text/calendar' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, file);
    expect(
      await screen.findByText('3 holidays imported, 1 skipped (timed or repeating events)', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const sent = calls.find((call) => call.path === '/api/v1/calendars/1/holidays/import');
    expect(sent?.headers.get('content-type')).toBe('text/calendar');
    expect(sent?.body).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });

  it('sends staff who are not admins back to the ticket list', async () => {
    signInAs('rs', 'moderator');
    mockApi({ 'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, []) });
    renderApp('/calendars');
    expect(await screen.findByRole('heading', { name: 'Tickets' }, { timeout: 5000 })).toBeTruthy();
  });
});
