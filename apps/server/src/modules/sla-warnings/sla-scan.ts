/**
 * The warnings' scan (DESIGN.md §26). Each unsolved ticket past a warning it was not told yet moves
 * to the stage it has reached and its people are told: due soon (SLA_WARN_PERCENT of its level) is a
 * live event for the staff who act for its holder; a breach is an item in the bell of its assignee,
 * else of every staff member of its holding department; a breach SLA_ESCALATE_HOURS old is an item
 * for the department's moderators and every admin. A ticket that jumps stages (the scan did not run,
 * a level was shortened) is told only of the stage it reached.
 *
 * Each batch is one short transaction: the claim (FOR UPDATE SKIP LOCKED), the stage and the items
 * commit together or not at all, so a warning is told exactly once, with two scans at once and
 * after a process killed mid-scan.
 */
import { DEPARTMENTS, staffUserTypeOf, type Department, type IssuedTo } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { publishEvents, type DueSoonEvent } from '../events/publish.ts';
import { findStaffToTell, tellInbox, type InboxNotice, type StaffMember } from '../inbox/inbox.repository.ts';
import { claimDueTickets, setSlaStage, type DueTicket, type SlaStage } from './sla-warnings.repository.ts';

/** Tickets one transaction moves: short enough to hold their locks briefly. */
export const SCAN_BATCH = 200;
/** Batches one run does before it lets the job runner's other work in; the next run goes on. */
const BATCHES_PER_RUN = 50;

export interface ScanOptions {
  db: Db;
  escalateHours: number;
  batchSize?: number;
  /** Tests: runs inside each batch's transaction once it is written, before it commits. */
  beforeCommit?: () => Promise<void>;
}

export interface ScanOutcome {
  /** Tickets moved on. */
  moved: number;
  /** Whether batches were left for the next run. */
  more: boolean;
}

function departmentOf(holder: IssuedTo): Department | null {
  return (DEPARTMENTS as readonly string[]).includes(holder) ? (holder as Department) : null;
}

/** Who is told of the stage a ticket reached: nobody in the bell for due soon (a live event). */
function peopleToTell(ticket: DueTicket, staff: StaffMember[]): string[] {
  const department = departmentOf(ticket.issuedTo);
  const ofDepartment = (member: StaffMember) => department !== null && member.userType === staffUserTypeOf(department);
  if (ticket.reached === 2)
    return ticket.assigneeUserId ? [ticket.assigneeUserId] : staff.filter(ofDepartment).map((member) => member.id);
  if (ticket.reached === 3)
    return staff
      .filter((member) => member.role === 'admin' || (member.role === 'moderator' && ofDepartment(member)))
      .map((member) => member.id);
  return [];
}

const KIND_OF_STAGE = { 2: 'sla.breached', 3: 'sla.escalated' } as const;

/** Writes one batch's stages, items and events; the tickets moved. */
async function scanBatch(options: ScanOptions, size: number): Promise<number> {
  return options.db.transaction(async (tx) => {
    const due = await claimDueTickets(tx, options.escalateHours, size);
    if (due.length === 0) return 0;
    for (const stage of [1, 2, 3] as SlaStage[])
      await setSlaStage(
        tx,
        due.filter((ticket) => ticket.reached === stage).map((ticket) => ticket.ticketId),
        stage,
      );
    const told = due.filter((ticket) => ticket.reached > 1);
    const departments = [...new Set(told.map((ticket) => departmentOf(ticket.issuedTo)))].filter((d) => d !== null);
    const staff = told.length > 0 ? await findStaffToTell(tx, departments.map(staffUserTypeOf), true) : [];
    const notices: InboxNotice[] = told.map((ticket) => ({
      userIds: peopleToTell(ticket, staff),
      kind: KIND_OF_STAGE[ticket.reached as 2 | 3],
      ticketId: ticket.ticketId,
      department: departmentOf(ticket.issuedTo),
    }));
    await tellInbox(tx, notices);
    const dueSoon = due
      .filter((ticket) => ticket.reached === 1)
      .map((ticket): DueSoonEvent => ({ event: 'ticket.due_soon', ticket_id: ticket.ticketId, issued_to: ticket.issuedTo }));
    await publishEvents(tx, dueSoon);
    await options.beforeCommit?.();
    return due.length;
  });
}

/** Moves on every ticket past a warning (up to BATCHES_PER_RUN batches). */
export async function scanSlaWarnings(options: ScanOptions): Promise<ScanOutcome> {
  const size = options.batchSize ?? SCAN_BATCH;
  let moved = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
    const count = await scanBatch(options, size);
    moved += count;
    if (count < size) return { moved, more: false };
  }
  return { moved, more: true };
}
