import { z } from 'zod';
import { isCalendarDay, isStaff, ISSUED_TO_VALUES, ISSUER_USER_TYPES, TICKET_STATUSES, type UserType } from '@switchboard/shared';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const day = z.string().refine(isCalendarDay);

/**
 * The URL search of /tickets: the page and the filters, so that reload and back keep them. Values
 * the URL cannot carry (a mistyped date, an unknown status) are dropped rather than failing the page.
 */
export const ticketsSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  issuer_user_type: optional(z.enum(ISSUER_USER_TYPES)),
  group_id: optional(z.string().min(1)),
  sub_group_id: optional(z.string().min(1)),
  start_date: optional(day),
  end_date: optional(day),
  status: optional(z.enum(TICKET_STATUSES)),
  issued_to: optional(z.enum(ISSUED_TO_VALUES)),
  ticket_id: optional(z.coerce.number().int().positive()),
  // The router reads "0171" as a string but "171" as a number; both are digits of a number.
  problematic_number: optional(z.coerce.string().regex(/^\d{1,11}$/)),
});
export type TicketsSearch = z.infer<typeof ticketsSearchSchema>;
export type TicketFilters = Omit<TicketsSearch, 'page'>;

const filtersSchema = ticketsSearchSchema.omit({ page: true });

/** Only the filters a viewer can see and change (spec §6): customers the status, agents the number search. */
export function filtersForViewer(userType: UserType, filters: TicketFilters): TicketFilters {
  if (userType === 'customer') return { status: filters.status };
  if (userType === 'agent') return { problematic_number: filters.problematic_number };
  return isStaff({ user_type: userType }) ? filters : {};
}

/** The filters without empty values, so that equal filters compare (and cache) equal. */
export function cleanFilters(filters: TicketFilters): TicketFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
}

/** The filters of a search: everything but the page. */
export function filtersOf(search: TicketsSearch): TicketFilters {
  const { page: _page, ...filters } = search;
  return cleanFilters(filters);
}

export function hasFilters(filters: TicketFilters): boolean {
  return Object.keys(cleanFilters(filters)).length > 0;
}

const STORAGE_KEY = 'switchboard.tickets.filters';

/** Filters live in session storage too (spec §3), so the nav bar's plain /tickets?page=1 keeps them. */
export function readStoredFilters(): TicketFilters {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return {};
    const parsed = filtersSchema.safeParse(JSON.parse(raw));
    return parsed.success ? cleanFilters(parsed.data) : {};
  } catch {
    return {};
  }
}

export function storeFilters(filters: TicketFilters): void {
  const clean = cleanFilters(filters);
  if (Object.keys(clean).length === 0) sessionStorage.removeItem(STORAGE_KEY);
  else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(clean));
}
