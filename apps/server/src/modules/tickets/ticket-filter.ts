/** The conditions of the ticket list (DESIGN.md §6, §17, §19, §25, §26, §30), as its SQL reads them. */
import type { IssuedTo, IssuerUserType, TicketPriority, TicketStatus } from '@switchboard/shared';

/** Conditions of the ticket list; every field narrows, absent fields do not. */
export interface TicketFilter {
  issuerUserId?: string;
  issuerUserType?: IssuerUserType;
  groupId?: string;
  subGroupId?: string;
  ticketId?: number;
  issuedTo?: IssuedTo;
  status?: TicketStatus;
  /** Stored numbers from `from` (inclusive) to `before` (exclusive): a prefix search that an index serves. */
  numberRange?: { from: string; before: string | null };
  /** Calendar days in `timezone`, both included. */
  createdDays?: { start?: string; end?: string; timezone: string };
  /** Tickets assigned to this user, or (null) to nobody (DESIGN.md §19). */
  assigneeUserId?: string | null;
  /** Every word of the text in the title, the description or a comment; internal notes only when `internal` (DESIGN.md §19). */
  text?: { words: string; internal: boolean };
  /** Only tickets past their due time (DESIGN.md §17): a range of tickets_due_first or tickets_due_last. */
  overdue?: true;
  /** Only tickets due soon (DESIGN.md §26): a range of tickets_sla_pending. */
  dueSoon?: true;
  /** Only tickets waiting for their customer (DESIGN.md §26): tickets_waiting. */
  waiting?: true;
  /** Tickets solved on these calendar days in `timezone`, both included: a range of tickets_resolved. */
  resolvedDays?: { start?: string; end?: string; timezone: string };
  /** Tickets of one priority (DESIGN.md §30). */
  priority?: TicketPriority;
  /** Rated tickets (DESIGN.md §25); `lowOnly` those rated RATING_LOW_MAX or lower. */
  rated?: { lowOnly: boolean };
  /** Tickets with this tag, normalised as tagSchema stores it (DESIGN.md §27). */
  tag?: string;
}
