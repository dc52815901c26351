import {
  allowedListFilters,
  DEFAULT_SORT_DIRECTION,
  DEFAULT_TICKET_SORT,
  isCalendarDay,
  ISSUED_TO_VALUES,
  ISSUER_USER_TYPES,
  listSortsFor,
  RATING_FILTERS,
  SORT_DIRECTIONS,
  TEXT_SEARCH_MAX_LENGTH,
  TEXT_SEARCH_MIN_LENGTH,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  TICKET_STATUSES,
  type IssuedTo,
  type IssuerUserType,
  type RatingFilter,
  type SortDirection,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
  type UserType,
} from '@switchboard/shared';

/** The URL search of /tickets: the page and the filters, so that reload and back keep them. */
export interface TicketsSearch {
  page: number;
  issuer_user_type?: IssuerUserType;
  group_id?: string;
  sub_group_id?: string;
  start_date?: string;
  end_date?: string;
  status?: TicketStatus;
  issued_to?: IssuedTo;
  ticket_id?: number;
  problematic_number?: string;
  /** Staff only: `me` (the "Mine" tab), `none` or a user's id (DESIGN.md §19). */
  assignee?: string;
  /** Words or parts of words of the title, description or comments (DESIGN.md §19). */
  q?: string;
  /** Staff only: just the tickets past their due time (DESIGN.md §17). */
  overdue?: true;
  /** Staff only: past SLA_WARN_PERCENT of their level and not yet late (DESIGN.md §26). */
  due_soon?: true;
  /** Staff only: waiting for the customer, their clock stopped (DESIGN.md §26). */
  waiting?: true;
  /** Staff only: the tickets solved from this day to that one (the dashboard's "Solved" figures). */
  resolved_from?: string;
  resolved_to?: string;
  /** Staff only: the tickets of one priority (DESIGN.md §30). */
  priority?: TicketPriority;
  /** Staff only: the rated tickets, or the low-rated ones (DESIGN.md §25). */
  rating?: RatingFilter;
  /**
   * Staff only: the tickets with this tag (DESIGN.md §27), as the address has it; the list's screen
   * reads it as the server stores it (tag-filter.ts), so that the start-up bundle does not carry that.
   */
  tag?: string;
  /** The list's order (DESIGN.md §30); absent: newest first. Not a filter: clearing filters keeps it. */
  sort?: TicketSort;
  order?: SortDirection;
}
export type TicketFilters = Omit<TicketsSearch, 'page' | 'sort' | 'order'>;

/** The order of the list as the URL carries it. */
export interface TicketListOrder {
  sort: TicketSort;
  order: SortDirection;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => values.find((known) => known === value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const assigneeOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^(me|none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.test(value)
    ? value
    : undefined;
/** A search text the server takes (3–100 characters); the router reads "12" as a number. */
const searchText = (value: unknown): string | undefined => {
  const trimmed = (typeof value === 'number' ? String(value) : (text(value) ?? '')).trim();
  return trimmed.length >= TEXT_SEARCH_MIN_LENGTH && trimmed.length <= TEXT_SEARCH_MAX_LENGTH ? trimmed : undefined;
};
const positiveInteger = (value: unknown): number | undefined => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/**
 * Reads the filters from the URL (or storage). Values the URL cannot carry (a mistyped date, an
 * unknown status) are dropped rather than failing the page. Plain checks rather than a schema: the
 * route definitions load with the sign-in page, which must stay small.
 */
function readFilters(search: Record<string, unknown>): TicketFilters {
  const day = text(search.start_date);
  const endDay = text(search.end_date);
  const calendarDay = (value: unknown) => {
    const given = text(value);
    return given && isCalendarDay(given) ? given : undefined;
  };
  // The router reads "0171" as a string but "171" as a number; both are digits of a number.
  const digits =
    typeof search.problematic_number === 'number' ? String(search.problematic_number) : text(search.problematic_number);
  return cleanFilters({
    issuer_user_type: oneOf(ISSUER_USER_TYPES, search.issuer_user_type),
    group_id: text(search.group_id),
    sub_group_id: text(search.sub_group_id),
    start_date: day && isCalendarDay(day) ? day : undefined,
    end_date: endDay && isCalendarDay(endDay) ? endDay : undefined,
    status: oneOf(TICKET_STATUSES, search.status),
    issued_to: oneOf(ISSUED_TO_VALUES, search.issued_to),
    ticket_id: positiveInteger(search.ticket_id),
    problematic_number: digits && /^\d{1,11}$/.test(digits) ? digits : undefined,
    assignee: assigneeOf(search.assignee),
    q: searchText(search.q),
    // The router reads `?overdue=true` as the boolean.
    overdue: search.overdue === true || search.overdue === 'true' ? true : undefined,
    due_soon: search.due_soon === true || search.due_soon === 'true' ? true : undefined,
    waiting: search.waiting === true || search.waiting === 'true' ? true : undefined,
    resolved_from: calendarDay(search.resolved_from),
    resolved_to: calendarDay(search.resolved_to),
    priority: oneOf(TICKET_PRIORITIES, search.priority),
    rating: oneOf(RATING_FILTERS, search.rating),
    // The router reads "?tag=5" as a number.
    tag: typeof search.tag === 'number' ? String(search.tag) : text(search.tag),
  });
}

export function validateTicketsSearch(search: Record<string, unknown>): TicketsSearch {
  const sort = oneOf(TICKET_SORTS, search.sort);
  const order = oneOf(SORT_DIRECTIONS, search.order);
  return {
    page: positiveInteger(search.page) ?? 1,
    ...readFilters(search),
    ...(sort ? { sort } : {}),
    ...(order ? { order } : {}),
  };
}

/** The order a viewer's list is in: the URL's when they may use it (listSortsFor, the server's rule), else newest first. */
export function orderForViewer(userType: UserType, search: Pick<TicketsSearch, 'sort' | 'order'>): TicketListOrder {
  const sort = search.sort && listSortsFor({ user_type: userType }).includes(search.sort) ? search.sort : DEFAULT_TICKET_SORT;
  return { sort, order: search.order ?? DEFAULT_SORT_DIRECTION };
}

/** The order as URL search: nothing for newest first, so that the plain list keeps its plain address. */
export function orderSearchOf(order: TicketListOrder): Pick<TicketsSearch, 'sort' | 'order'> {
  return order.sort === DEFAULT_TICKET_SORT && order.order === DEFAULT_SORT_DIRECTION
    ? {}
    : { sort: order.sort, order: order.order };
}

/** Only the filters a viewer can see and change (listFiltersFor, the rule the server applies too). */
export function filtersForViewer(userType: UserType, filters: TicketFilters): TicketFilters {
  return allowedListFilters({ user_type: userType }, filters);
}

/** The filters without empty values, so that equal filters compare (and cache) equal. */
export function cleanFilters(filters: TicketFilters): TicketFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
}

/** The filters of a search: everything but the page and the order. */
export function filtersOf(search: TicketsSearch): TicketFilters {
  const { page: _page, sort: _sort, order: _order, ...filters } = search;
  return cleanFilters(filters);
}

export function hasFilters(filters: TicketFilters): boolean {
  return Object.keys(cleanFilters(filters)).length > 0;
}

/**
 * The filters the list asks with on arrival: the URL's, or, when the URL has none (the nav bar's
 * plain /tickets?page=1), the ones this browser session used last (`restored`).
 */
export function arrivalFilters(userType: UserType, search: TicketsSearch): { filters: TicketFilters; restored: boolean } {
  const fromUrl = filtersForViewer(userType, filtersOf(search));
  if (hasFilters(fromUrl)) return { filters: fromUrl, restored: false };
  const stored = filtersForViewer(userType, readStoredFilters());
  return hasFilters(stored) ? { filters: stored, restored: true } : { filters: fromUrl, restored: false };
}

const STORAGE_KEY = 'switchboard.tickets.filters';

/** Filters live in session storage too (spec §3), so the nav bar's plain /tickets?page=1 keeps them. */
export function readStoredFilters(): TicketFilters {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? readFilters(parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function storeFilters(filters: TicketFilters): void {
  const clean = cleanFilters(filters);
  if (Object.keys(clean).length === 0) sessionStorage.removeItem(STORAGE_KEY);
  else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(clean));
}
