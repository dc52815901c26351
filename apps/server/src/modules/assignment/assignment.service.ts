/**
 * A person on each ticket (DESIGN.md §19): staff of the holding department take a ticket, hand it
 * to a colleague of that department or release it; cc may put any staff member on any ticket. The
 * write locks the ticket row and checks the rules on what it locked, so two colleagues taking one
 * ticket at the same moment cannot both succeed.
 */
import {
  AppError,
  canAssignTicket,
  canBeAssignee,
  canListStaff,
  departmentOf,
  DEPARTMENTS,
  isStaff,
  STAFF_PAGE_SIZE,
  USER_TYPES,
  type AssignTicketBody,
  type Assignee,
  type Department,
  type IssuedTo,
  type StaffQuery,
  type StaffReply,
  type UserType,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishTicketEvent } from '../events/publish.ts';
import { departmentValue } from '../tickets/ticket-workflow.ts';
import { lockTicket } from '../tickets/tickets.repository.ts';
import { findLiveUserById } from '../users/users.repository.ts';
import { listLiveStaff, updateTicketAssignee } from './assignment.repository.ts';

export interface AssignmentContext {
  db: Db;
}

/** The assignee as asked for, after checking that they may hold the ticket; null releases it. */
async function chosenAssignee(
  db: Db,
  actor: Actor,
  ticket: { issuedTo: IssuedTo },
  userId: string | null,
): Promise<Assignee | null> {
  if (userId === null) return null;
  if (userId === actor.id) return { id: actor.id, name: actor.name };
  const target = await findLiveUserById(db, userId);
  // A client's account is no person to hold a ticket (DESIGN.md §21).
  if (target?.kind === 'person' && canBeAssignee(actor, { user_type: target.userType }, { issued_to: ticket.issuedTo }))
    return { id: target.id, name: target.name };
  // One answer for no such account, a customer or agent, and staff of another department: the reply
  // must not tell a caller which ids exist or who is staff.
  throw AppError.invalidField('user_id', 'assignment.cannotTake');
}

/**
 * Assigns the ticket to `body.user_id`, or releases it (null). Refusals: agents and customers 403;
 * staff of another department than the holder (but cc) 403; a solved ticket 409; a page that showed
 * another assignee than the stored one 409; a target who may not hold the ticket 400. Asking for
 * the assignee the ticket already has changes nothing (a double click). Audited, and announced to
 * staff on the event stream.
 */
export async function assignTicket(
  ctx: AssignmentContext,
  actor: Actor,
  ticketId: number,
  body: AssignTicketBody,
): Promise<Assignee | null> {
  if (!isStaff(actor)) throw new AppError('forbidden', 'assignment.staffOnly');
  return ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw new AppError('not_found', 'tickets.notFound');
    if (ticket.ticketStatus === 'closed') throw new AppError('conflict', 'assignment.solvedNobodyTakes');
    if (!canAssignTicket(actor, { issued_to: ticket.issuedTo }))
      throw new AppError('forbidden', 'assignment.heldElsewhere', { department: departmentValue(ticket.issuedTo) });
    const assignee = await chosenAssignee(tx, actor, ticket, body.user_id);
    if (ticket.assigneeUserId === body.user_id) return assignee;
    if (body.expected_assignee_user_id !== undefined && body.expected_assignee_user_id !== ticket.assigneeUserId)
      throw new AppError('conflict', 'assignment.assignedMeanwhile');
    await updateTicketAssignee(tx, ticket.ticketId, body.user_id);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: body.user_id === null ? 'tickets.release' : 'tickets.assign',
      target: `ticket:${ticket.ticketId}`,
      ip: actor.ip,
      details: { from: ticket.assigneeUserId, to: body.user_id },
    });
    // Who holds a ticket is staff's to know, as the reply shows it only to them.
    await publishTicketEvent(tx, {
      event: 'ticket.changed',
      ticket_id: ticket.ticketId,
      issuer_user_id: ticket.issuerUserId,
      internal: true,
    });
    return assignee;
  });
}

/** The user types of staff, each with its department. */
const STAFF_TYPES = USER_TYPES.flatMap((userType) => {
  const department = departmentOf(userType);
  return department ? [{ userType, department }] : [];
});

/**
 * A page of the live staff of a department (every department's without one), by name: the
 * colleagues a ticket can be handed to. Staff only (403 for agents and customers).
 */
export async function listStaff(ctx: AssignmentContext, viewer: Actor, query: StaffQuery): Promise<StaffReply> {
  if (!canListStaff(viewer)) throw new AppError('forbidden', 'assignment.staffOnlyRead');
  const types = STAFF_TYPES.filter((type) => query.department === undefined || type.department === query.department);
  const departmentOfType = new Map<UserType, Department>(types.map((type) => [type.userType, type.department]));
  const offset = (query.page - 1) * STAFF_PAGE_SIZE;
  // One more than a page tells whether there is a next one without counting.
  const rows = await listLiveStaff(
    ctx.db,
    { userTypes: types.map((type) => type.userType), q: query.q },
    offset,
    STAFF_PAGE_SIZE + 1,
  );
  return {
    data: rows
      .slice(0, STAFF_PAGE_SIZE)
      .map((row) => ({ id: row.id, name: row.name, department: departmentOfType.get(row.userType) ?? DEPARTMENTS[0] })),
    previous_page: query.page > 1 ? query.page - 1 : null,
    next_page: rows.length > STAFF_PAGE_SIZE ? query.page + 1 : null,
  };
}
