/**
 * Who may keep tickets clean (DESIGN.md §27): merge one customer's duplicates, link related tickets,
 * tag them, and see who else is on one. All of it is staff's; the desk's other rules are in
 * permissions.ts.
 */
import type { TicketStatus } from './constants.ts';
import { canActOnTicket, isStaff, type Viewer } from './permissions.ts';

interface MergeSide {
  issued_to: string;
  ticket_status: TicketStatus;
}

/** Merging is acting on both tickets: staff who may act on the source and on the target (both unsolved). */
export function canMergeTickets(viewer: Pick<Viewer, 'user_type'>, source: MergeSide, target: MergeSide): boolean {
  return canActOnTicket(viewer, source) && canActOnTicket(viewer, target);
}

/**
 * Two tickets are one customer's duplicates when they share the issuer or the problematic number;
 * any others belong in an incident (§14), not in a merge.
 */
export function areDuplicates(
  source: { issuer_user_id: string | null; problematic_number: string },
  target: { issuer_user_id: string | null; problematic_number: string },
): boolean {
  const sameIssuer = source.issuer_user_id !== null && source.issuer_user_id === target.issuer_user_id;
  return sameIssuer || source.problematic_number === target.problematic_number;
}

/** Links between tickets are staff's: they see every ticket, and a link would tell a customer of another's. */
export function canLinkTickets(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Tags are staff's words: staff see them (view, list, `tag=`, report) and set them on any ticket. */
export function canUseTags(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Who else is on a ticket is told to staff and by staff only. */
export function canUsePresence(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}
