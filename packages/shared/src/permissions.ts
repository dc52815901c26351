/** Who may do what (DESIGN.md §6). The server enforces these; the UI mirrors them. */
import {
  DEPARTMENTS,
  TICKET_SORTS,
  type Department,
  type Role,
  type TicketSort,
  type TicketStatus,
  type UserType,
} from './constants.ts';

export interface Viewer {
  user_type: UserType;
  role: Role;
}

/** Staff: anyone who is neither an agent nor a customer. */
export function isStaff(viewer: Pick<Viewer, 'user_type'>): boolean {
  return viewer.user_type !== 'agent' && viewer.user_type !== 'customer';
}

/** The department of a staff user type (oss_bss → oss-bss); null for agents and customers. */
export function departmentOf(userType: UserType): Department | null {
  if (userType === 'oss_bss') return 'oss-bss';
  return (DEPARTMENTS as readonly string[]).includes(userType) ? (userType as Department) : null;
}

export function canManageUsers(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

/** The audit trail (DESIGN.md §17) is for admins only: it names every person's every change. */
export function canReadAudit(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

export function canManageGroups(viewer: Viewer): boolean {
  return viewer.role === 'admin' || viewer.role === 'moderator';
}

export function canUseReports(viewer: Pick<Viewer, 'user_type'>): boolean {
  return viewer.user_type === 'cc' || viewer.user_type === 'rs';
}

export function canSeeForwardedTickets(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Customers are always the issuer type of their tickets; everybody else chooses. */
export function canChooseIssuerType(viewer: Pick<Viewer, 'user_type'>): boolean {
  return viewer.user_type !== 'customer';
}

/** Whether the viewer acts for the ticket's holder: staff of the holding department, cc for any ticket. */
export function actsForHolder(viewer: Pick<Viewer, 'user_type'>, ticket: { issued_to: string }): boolean {
  if (!isStaff(viewer)) return false;
  return viewer.user_type === 'cc' || departmentOf(viewer.user_type) === ticket.issued_to;
}

/** Staff may act on unsolved tickets held by their own department; cc may act on any unsolved ticket. */
export function canActOnTicket(
  viewer: Pick<Viewer, 'user_type'>,
  ticket: { issued_to: string; ticket_status: TicketStatus },
): boolean {
  return ticket.ticket_status !== 'closed' && actsForHolder(viewer, ticket);
}

/** Departments this viewer may forward the ticket to: never their own, except cc → cc when the ticket is elsewhere. */
export function forwardTargetsFor(viewer: Pick<Viewer, 'user_type'>, ticket: { issued_to: string }): Department[] {
  const own = departmentOf(viewer.user_type);
  return DEPARTMENTS.filter((target) => {
    if (target === ticket.issued_to) return false;
    if (target === own) return own === 'cc';
    return true;
  });
}

/** Resolve & Forward to cc is offered to every staff type but cc. */
export function canResolveAndForwardToCc(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer) && viewer.user_type !== 'cc';
}

/** May see the issuer's name, the department holding a ticket and the forwards between departments. */
export function canSeeRouting(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Staff see every ticket (and list them all); agents and customers only the tickets they issued. */
export function canSeeAllTickets(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

export function canSeeTicket(viewer: { id: string; user_type: UserType }, ticket: { issuer_user_id: string | null }): boolean {
  return canSeeAllTickets(viewer) || ticket.issuer_user_id === viewer.id;
}

/** Internal comments never reach agents or customers, not even as a count. */
export function canSeeInternalComments(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Agents and customers always write external comments, whatever they send. */
export function canWriteInternalComments(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Agents and customers read every staff member's name as "customer support". */
export function canSeeStaffNames(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Who may forward and resolve at all (which tickets: canActOnTicket). */
export function canForwardTickets(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Incidents (DESIGN.md §14) are staff's: every endpoint but the public notes. */
export function canManageIncidents(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/**
 * Editing an active incident's title and public note (DESIGN.md §14): the staff who may create and
 * resolve incidents, whoever created it. The note is what the public reads while the fault lasts.
 */
export function canEditIncident(viewer: Pick<Viewer, 'user_type'>): boolean {
  return canManageIncidents(viewer);
}

/**
 * Dismissing a suggested incident (the burst banner): staff, for their own department; the other
 * departments still see the burst.
 */
export function canDismissIncidentSuggestion(viewer: Pick<Viewer, 'user_type'>): boolean {
  return canManageIncidents(viewer) && departmentOf(viewer.user_type) !== null;
}

/**
 * An incident never widens who may act on a ticket (DESIGN.md §14). Linking a ticket to an incident
 * (creating one with it counts) and taking it out again need the right to act for its holder: the
 * holding department's staff, or cc. A solved ticket is no exception, as its holder stays.
 */
export function canLinkToIncident(viewer: Pick<Viewer, 'user_type'>, ticket: { issued_to: string }): boolean {
  return canManageIncidents(viewer) && actsForHolder(viewer, ticket);
}

/**
 * Resolving an incident resolves each of its unsolved tickets, so it needs the right to resolve
 * every one (canActOnTicket, as a single resolve does). Returns the tickets that stand in the way:
 * unsolved ones the viewer may not act on; none means the viewer may resolve the incident.
 */
export function ticketsBarringIncidentResolve<T extends { issued_to: string; ticket_status: TicketStatus }>(
  viewer: Pick<Viewer, 'user_type'>,
  tickets: readonly T[],
): T[] {
  return tickets.filter((ticket) => ticket.ticket_status !== 'closed' && !canActOnTicket(viewer, ticket));
}

/** Canned replies (DESIGN.md §19) are staff's: agents and customers reach none, whatever their role. */
export function canUseCannedReplies(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/**
 * Staff read their department's canned replies and the shared ones (department null); admins read
 * all. Returns the departments a viewer reads besides the shared ones, or null for all of them.
 */
export function cannedReplyDepartmentsFor(viewer: Viewer): Department[] | null {
  if (viewer.role === 'admin') return null;
  const own = departmentOf(viewer.user_type);
  return own ? [own] : [];
}

/** Staff write their own department's canned replies; shared ones (department null) are the admins', who write all. */
export function canManageCannedReply(viewer: Viewer, reply: { department: Department | null }): boolean {
  if (!canUseCannedReplies(viewer)) return false;
  if (viewer.role === 'admin') return true;
  return reply.department !== null && reply.department === departmentOf(viewer.user_type);
}

/**
 * Who hears a live event about a ticket (DESIGN.md §15): staff every one; agents and customers only
 * events of the tickets they issued, and never one about an internal comment.
 */
export function canHearTicketEvent(
  viewer: { id: string; user_type: UserType },
  event: { issuer_user_id: string | null; internal: boolean },
): boolean {
  if (isStaff(viewer)) return true;
  return !event.internal && canSeeTicket(viewer, event);
}

/** Incident events are staff's, as the incidents are. */
export function canHearIncidentEvent(viewer: Pick<Viewer, 'user_type'>): boolean {
  return canManageIncidents(viewer);
}

/** What a ticket's issuer was told, and when: staff only (a customer knows what reached them). */
export function canSeeIssuerNotifications(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** The messages that kept failing, with their recipients and the gateways' errors: admins. */
export function canSeeNotificationFailures(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}

/** The report form picks users: so the report's user types and the admins may look them up. */
export function canLookUpUsers(viewer: Viewer): boolean {
  return canManageUsers(viewer) || canUseReports(viewer);
}

/**
 * Who may assign the ticket at all (DESIGN.md §19): staff of the holding department, and cc for
 * any ticket. Whether the ticket is still open is the caller's (a solved ticket answers 409).
 */
export function canAssignTicket(viewer: Pick<Viewer, 'user_type'>, ticket: { issued_to: string }): boolean {
  return actsForHolder(viewer, ticket);
}

/** Who may hold a ticket: a staff member of the holding department; cc may pick any staff member. */
export function canBeAssignee(
  viewer: Pick<Viewer, 'user_type'>,
  target: Pick<Viewer, 'user_type'>,
  ticket: { issued_to: string },
): boolean {
  if (!isStaff(target)) return false;
  return viewer.user_type === 'cc' || departmentOf(target.user_type) === ticket.issued_to;
}

/** Who works in which department (the assignee picker, GET /staff): staff, who hand tickets to each other. */
export function canListStaff(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Who the ticket is assigned to, and the "Mine" tab: staff only. */
export function canSeeAssignee(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/**
 * Service levels (DESIGN.md §17) are the desk's own targets: staff read them and see each ticket's
 * due time and the Overdue filter; agents and customers see none of it (a due time would also tell
 * them which department holds the ticket, and the routing is internal).
 */
export function canSeeServiceLevels(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Setting a department's levels is the admins' among staff. */
export function canManageServiceLevels(viewer: Viewer): boolean {
  return isStaff(viewer) && viewer.role === 'admin';
}

/** Working calendars (DESIGN.md §26): staff read them beside the levels; admins write them. */
export function canManageCalendars(viewer: Viewer): boolean {
  return canManageServiceLevels(viewer);
}

/**
 * "Wait for the customer" (DESIGN.md §26) stops a ticket's clock: staff who may act on the ticket,
 * with an external reply. Agents and customers never see due times or waits.
 */
export function canWaitForCustomer(
  viewer: Pick<Viewer, 'user_type'>,
  ticket: { issued_to: string; ticket_status: TicketStatus },
): boolean {
  return canActOnTicket(viewer, ticket);
}

/** A ticket due soon is told live to the staff who act for its holder. */
export function canHearDueSoon(viewer: Pick<Viewer, 'user_type'>, ticket: { issued_to: string }): boolean {
  return actsForHolder(viewer, ticket);
}

/** The notification bell (DESIGN.md §26) is staff's: each reads and marks only their own items. */
export function canUseInbox(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** The dashboard (DESIGN.md §17): the desk's figures are staff's. */
export function canSeeDashboard(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/**
 * A ticket's priority (DESIGN.md §30) is the desk's own judgement: staff see it in every reply
 * (list, view, report); agents and customers never do, nor may they filter or sort by it.
 */
export function canSeePriority(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Setting the priority is acting on the ticket: staff of the holding department, cc on any, while unsolved. */
export function canSetPriority(
  viewer: Pick<Viewer, 'user_type'>,
  ticket: { issued_to: string; ticket_status: TicketStatus },
): boolean {
  return canActOnTicket(viewer, ticket);
}

/**
 * A ticket's satisfaction rating (DESIGN.md §25) is staff's to read: on the ticket view, the list
 * (badge and `rating=`), the dashboard and the report. The issuer gave it and is not shown it back.
 */
export function canSeeRating(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** A low rating is told live to the staff who act for the ticket's holder (cc hears every one). */
export function canHearLowRating(viewer: Pick<Viewer, 'user_type'>, ticket: { issued_to: string }): boolean {
  return actsForHolder(viewer, ticket);
}

/**
 * The orders of the list a viewer may use (DESIGN.md §30): staff every one; agents and customers
 * by creation only, as the last change (internal notes, forwards), the priority and the due time
 * are the desk's to know and an order would tell them. Another order is dropped, like a filter.
 */
export function listSortsFor(viewer: Pick<Viewer, 'user_type'>): readonly TicketSort[] {
  return isStaff(viewer) ? TICKET_SORTS : ['created'];
}

/** Every filter of the ticket list (spec §7), by its query name. */
export const TICKET_LIST_FILTERS = [
  'issuer_user_type',
  'group_id',
  'sub_group_id',
  'ticket_id',
  'issued_to',
  'status',
  'problematic_number',
  'start_date',
  'end_date',
  'assignee',
  'q',
  'overdue',
  'due_soon',
  'waiting',
  'resolved_from',
  'resolved_to',
  'priority',
  'rating',
  'tag',
] as const;
export type TicketListFilterName = (typeof TICKET_LIST_FILTERS)[number];

/**
 * The list filters a viewer may use: customers the status, agents the problematic-number search,
 * both the text search `q` within their own tickets (DESIGN.md §19), staff every filter. The
 * server drops the others before the query; the screens show only these.
 */
export function listFiltersFor(viewer: Pick<Viewer, 'user_type'>): readonly TicketListFilterName[] {
  if (viewer.user_type === 'customer') return ['status', 'q'];
  if (viewer.user_type === 'agent') return ['problematic_number', 'q'];
  return isStaff(viewer) ? TICKET_LIST_FILTERS : [];
}

/** Only the filters of `filters` that the viewer may use; the others are left out. */
export function allowedListFilters<T extends Partial<Record<TicketListFilterName, unknown>>>(
  viewer: Pick<Viewer, 'user_type'>,
  filters: T,
): Partial<T> {
  const allowed: readonly string[] = listFiltersFor(viewer);
  return Object.fromEntries(Object.entries(filters).filter(([name]) => allowed.includes(name))) as Partial<T>;
}

/**
 * Bulk actions (DESIGN.md §30) are staff's; each ticket of one is still checked by the single
 * action's own rule (canActOnTicket, canAssignTicket, canLinkToIncident).
 */
export function canActInBulk(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}
