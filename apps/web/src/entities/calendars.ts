/** The working calendars (DESIGN.md §26), read by their own screen and by the service levels' calendar choice. */
import { useQuery } from '@tanstack/react-query';
import type { CalendarListReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

// Under 'tickets': a change of working time moves the due times the lists and the levels show.
export const calendarsKey = ['tickets', 'calendars'] as const;

/** GET /calendars: every working calendar with its week, holidays and departments (staff). */
export function useCalendars() {
  return useQuery({
    queryKey: calendarsKey,
    queryFn: ({ signal }) => apiRequest<CalendarListReply>('/calendars', { signal }),
  });
}
