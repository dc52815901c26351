/** Who may do what (DESIGN.md §6). The server enforces these; the UI mirrors them. */
import { DEPARTMENTS, type Department, type Role, type TicketStatus, type UserType } from './constants.ts';

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

/** Staff may act on tickets held by their own department; cc may act on any ticket. */
export function canActOnTicket(
  viewer: Pick<Viewer, 'user_type'>,
  ticket: { issued_to: string; ticket_status: TicketStatus },
): boolean {
  if (!isStaff(viewer) || ticket.ticket_status === 'closed') return false;
  if (viewer.user_type === 'cc') return true;
  return departmentOf(viewer.user_type) === ticket.issued_to;
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
