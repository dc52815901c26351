/**
 * The body of a webhook: `{ type, timestamp, data }` where data is the object as a staff member of
 * the endpoint's department reads it through the API (DESIGN.md §21): the ticket view's ticket for
 * ticket events, the comment for comment.added, the incident for incident.changed, the alarm for
 * alarm.changed, the broadcast with its counts for broadcast.finished. It is read
 * through the same services as the API, by a reader that stands for the department's staff.
 */
import { AppError, WEBHOOK_TEST_EVENT, type Department, type UserType } from '@switchboard/shared';
import type { Actor } from '../../plugins/auth.ts';
import { getAlarm } from '../alarms/alarms.service.ts';
import { getBroadcast } from '../broadcasts/broadcasts.service.ts';
import { getIncident, type IncidentsContext } from '../incidents/incidents.service.ts';
import { getTicketForViewer, type TicketsContext } from '../tickets/tickets.service.ts';

export interface PayloadContext {
  tickets: TicketsContext;
  incidents: IncidentsContext;
}

/** No account has it: the reader of a webhook is nobody in particular, only a department's rights. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

function userTypeOf(department: Department): UserType {
  return department === 'oss-bss' ? 'oss_bss' : department;
}

/** A staff member of `department` (never an admin), as the services take a reader. */
export function departmentReader(department: Department): Actor {
  return {
    id: NOBODY,
    name: department,
    product_number: '',
    user_type: userTypeOf(department),
    role: 'support',
    language: 'en',
    session: { tokenVersion: 0, expiresAt: Number.MAX_SAFE_INTEGER },
    ip: '',
    client: null,
  };
}

interface Subject {
  ticket_id?: number;
  comment_id?: string;
  incident_id?: number;
  alarm_id?: string;
  broadcast_id?: string;
}

/** The event's object as the department reads it; what the event names when it is gone. */
async function objectOf(ctx: PayloadContext, event: string, subject: Subject, reader: Actor): Promise<unknown> {
  try {
    if (event === 'incident.changed' && subject.incident_id !== undefined)
      return await getIncident(ctx.incidents, reader, subject.incident_id);
    if (event === 'broadcast.finished' && subject.broadcast_id !== undefined && subject.incident_id !== undefined)
      return await getBroadcast(ctx.incidents.db, subject.incident_id, subject.broadcast_id);
    if (event === 'alarm.changed' && subject.alarm_id !== undefined)
      return await getAlarm(ctx.incidents, reader, subject.alarm_id);
    if (subject.ticket_id === undefined) return subject;
    const ticket = await getTicketForViewer(ctx.tickets, reader, subject.ticket_id);
    if (event !== 'comment.added') return ticket;
    return ticket.comments.find((comment) => comment.id === subject.comment_id) ?? subject;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return subject;
    throw error;
  }
}

/** The body of a delivery, rendered once at its first attempt. */
export async function renderWebhookBody(
  ctx: PayloadContext,
  delivery: { event: string; subject: Record<string, unknown>; endpointId: string; createdAt: Date },
  department: Department,
): Promise<string> {
  const data =
    delivery.event === WEBHOOK_TEST_EVENT
      ? { endpoint_id: delivery.endpointId }
      : await objectOf(ctx, delivery.event, delivery.subject, departmentReader(department));
  return JSON.stringify({ type: delivery.event, timestamp: delivery.createdAt.toISOString(), data });
}
