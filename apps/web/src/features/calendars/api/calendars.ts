import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarBody, CalendarReply, HolidayBody, HolidayImportReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export { useCalendars } from '../../../entities/calendars.ts';

/** Every calendar write (admins): the calendars, the levels and the lists are read again after it. */
function useCalendarWrite<Input, Reply>(write: (input: Input) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

/** POST /calendars, or PUT /calendars/{id} when an id is given. */
export function useSaveCalendar() {
  return useCalendarWrite(({ id, body }: { id: number | null; body: CalendarBody }) =>
    id === null
      ? apiRequest<CalendarReply>('/calendars', { method: 'POST', body })
      : apiRequest<CalendarReply>(`/calendars/${id}`, { method: 'PUT', body }),
  );
}

export function useDeleteCalendar() {
  return useCalendarWrite((id: number) => apiRequest<{ message: string }>(`/calendars/${id}`, { method: 'DELETE' }));
}

export function useAddHoliday() {
  return useCalendarWrite(({ id, body }: { id: number; body: HolidayBody }) =>
    apiRequest<CalendarReply>(`/calendars/${id}/holidays`, { method: 'POST', body }),
  );
}

export function useRemoveHoliday() {
  return useCalendarWrite(({ id, date }: { id: number; date: string }) =>
    apiRequest<{ message: string }>(`/calendars/${id}/holidays/${date}`, { method: 'DELETE' }),
  );
}

/** POST /calendars/{id}/holidays/import with the text of an .ics file. */
export function useImportHolidays() {
  return useCalendarWrite(({ id, content }: { id: number; content: string }) =>
    apiRequest<HolidayImportReply>(`/calendars/${id}/holidays/import`, {
      method: 'POST',
      text: { type: 'text/calendar', content },
    }),
  );
}
