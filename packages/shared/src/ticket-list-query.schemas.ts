/**
 * The ticket list's query (spec §7): its filters and order. Apart from the tickets' other schemas, so
 * that the forms that raise a ticket do not load the filters of a list they never show.
 */
import { z } from 'zod';
import {
  ISSUED_TO_VALUES,
  ISSUER_USER_TYPES,
  RATING_FILTERS,
  TEXT_SEARCH_MAX_LENGTH,
  TEXT_SEARCH_MIN_LENGTH,
  TICKET_STATUSES,
} from './constants.ts';
import { msg } from './messages.ts';
import { calendarDaySchema, optionalQuery, ticketIdSchema, uuidSchema } from './common.schemas.ts';
import { assigneeFilterSchema } from './assignment.schemas.ts';
import { sortDirectionSchema, ticketPrioritySchema, ticketSortSchema } from './priority.schemas.ts';
import { tagSchema } from './tags.schemas.ts';

/**
 * Query of GET /tickets/user-type-wise-tickets/{page} (spec §7). Every parameter is optional and
 * empty values are ignored. The server applies only what the viewer may use (listFiltersFor):
 * customers the status, agents the problematic-number search, staff everything. problematic_number matches
 * by prefix and may be typed with or without 88 / +88. Dates are calendar days in the provider's
 * time zone, both ends included.
 */
export const ticketListQuerySchema = z
  .object({
    issuer_user_type: optionalQuery(z.enum(ISSUER_USER_TYPES, msg('tickets.issuerTypeFilter'))),
    group_id: optionalQuery(uuidSchema),
    sub_group_id: optionalQuery(uuidSchema),
    ticket_id: optionalQuery(ticketIdSchema),
    issued_to: optionalQuery(z.enum(ISSUED_TO_VALUES, msg('tickets.unknownDepartment'))),
    status: optionalQuery(z.enum(TICKET_STATUSES, msg('tickets.statusFilter'))),
    problematic_number: optionalQuery(
      z
        .string()
        .trim()
        .regex(/^\+?\d{1,13}$/, msg('tickets.numberSearch')),
    ),
    start_date: optionalQuery(calendarDaySchema),
    end_date: optionalQuery(calendarDaySchema),
    /** Staff only: `me`, `none` or a user's id (DESIGN.md §19). */
    assignee: optionalQuery(assigneeFilterSchema),
    q: optionalQuery(
      z
        .string()
        .trim()
        .min(TEXT_SEARCH_MIN_LENGTH, msg('tickets.searchTooShort', { min: TEXT_SEARCH_MIN_LENGTH }))
        .max(TEXT_SEARCH_MAX_LENGTH, msg('tickets.searchTooLong', { max: TEXT_SEARCH_MAX_LENGTH })),
    ),
    /** Staff only: `true` keeps the tickets past their due time (DESIGN.md §17); `false` is no filter. */
    overdue: optionalQuery(z.enum(['true', 'false'], msg('tickets.overdueFilter')).transform((value) => value === 'true')),
    /** Staff only: `true` keeps the tickets due soon (DESIGN.md §26); `false` is no filter. */
    due_soon: optionalQuery(z.enum(['true', 'false'], msg('tickets.dueSoonFilter')).transform((value) => value === 'true')),
    /** Staff only: `true` keeps the tickets waiting for the customer (DESIGN.md §26); `false` is no filter. */
    waiting: optionalQuery(z.enum(['true', 'false'], msg('tickets.waitingFilter')).transform((value) => value === 'true')),
    /**
     * Staff only: the tickets solved (resolved_at) from this calendar day to that one, both included
     * (the dashboard's "Solved" figures). A ticket reopened since keeps the day it was solved.
     */
    resolved_from: optionalQuery(calendarDaySchema),
    resolved_to: optionalQuery(calendarDaySchema),
    /** Staff only: the tickets of one priority (DESIGN.md §30). */
    priority: optionalQuery(ticketPrioritySchema),
    /** Staff only: `low` the tickets rated 1 or 2, `any` every rated one (DESIGN.md §25). */
    rating: optionalQuery(z.enum(RATING_FILTERS, msg('satisfaction.filter'))),
    /** Staff only (DESIGN.md §27): the tickets with this tag. */
    tag: optionalQuery(tagSchema),
    /** The order (DESIGN.md §30); agents and customers may order by creation only (listSortsFor). */
    sort: optionalQuery(ticketSortSchema),
    order: optionalQuery(sortDirectionSchema),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: msg('tickets.endBeforeStart'),
    path: ['end_date'],
  })
  .refine((query) => !query.resolved_from || !query.resolved_to || query.resolved_from <= query.resolved_to, {
    message: msg('tickets.endBeforeStart'),
    path: ['resolved_to'],
  });
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;
