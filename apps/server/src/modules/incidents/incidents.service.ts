/**
 * Incidents (DESIGN.md §14): one fault behind many tickets. Staff group a burst of reports into
 * one incident, link and unlink tickets, and resolve them all at once; the public reads the
 * incident's note while it lasts. Every change locks the incident row first and writes its audit
 * row in the same transaction.
 */
import {
  AppError,
  canEditIncident,
  canLinkToIncident,
  canManageIncidents,
  INCIDENT_MAX_TICKETS_PER_REQUEST,
  INCIDENT_TICKETS_SHOWN,
  PAGE_SIZE,
  type CreateIncidentBody,
  type Incident,
  type IncidentDetail,
  type IncidentListQuery,
  type IncidentListReply,
  type PublicNote,
  type UpdateIncidentBody,
  type AuditAction,
  ticketsBarringIncidentResolve,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntries, insertAuditEntry } from '../audit/audit.repository.ts';
import { insertExternalComments } from '../comments/comments.repository.ts';
import { publishIncidentEvent } from '../events/publish.ts';
import { findLiveGroup } from '../groups/groups.repository.ts';
import type { TellSettings } from '../notifications/tell-issuer.ts';
import { pageLinks } from '../../lib/pages.ts';
import { presentTicketListItem } from '../tickets/ticket-presenter.ts';
import { resolveTickets } from '../tickets/ticket-workflow.ts';
import { incidentTimeline, presentIncident } from './incident-presenter.ts';
import {
  findIncidentView,
  findReportTimes,
  insertIncident,
  knownAreaCodes,
  updateIncidentFields,
  linkTickets,
  listIncidentPage,
  listIncidentTickets,
  listPublicNotes,
  listUnlinkedTicketsOfSubgroup,
  lockIncident,
  lockLinkedTicket,
  lockTicketLinks,
  lockUnsolvedTickets,
  markIncidentResolved,
  unlinkTicket,
  type IncidentRow,
} from './incidents.repository.ts';

export interface IncidentsContext {
  db: Db;
  /** When tickets of one subgroup suggest an incident (config INCIDENT_THRESHOLD, INCIDENT_WINDOW_MINUTES). */
  incidents: { threshold: number; windowMinutes: number };
  /** What telling an issuer needs (DESIGN.md §13). */
  tell: TellSettings;
}

type Tx = Db;

/** Tickets a refusal names at most; it counts the others. */
const TICKETS_NAMED = 20;
/** Suggested tickets shown on an incident's page at most. */
const SUGGESTED_TICKETS_SHOWN = 50;
/** Active public notes served at most (the public page shows the chosen subgroup's). */
const PUBLIC_NOTES_SHOWN = 20;

export function assertCanManageIncidents(viewer: Actor): void {
  if (!canManageIncidents(viewer)) throw new AppError('forbidden', 'incidents.staffOnly');
}

async function audit(
  tx: Tx,
  actor: Actor,
  action: Extract<AuditAction, `incident.${string}`>,
  incidentId: number,
  details: Record<string, unknown>,
) {
  await insertAuditEntry(tx, { actorUserId: actor.id, action, target: `incident:${incidentId}`, ip: actor.ip, details });
}

async function viewOf(db: Db, id: number): Promise<Incident> {
  const view = await findIncidentView(db, id);
  if (!view) throw new AppError('not_found', 'incidents.notFound');
  return presentIncident(view);
}

async function lockActiveIncident(tx: Tx, id: number): Promise<IncidentRow> {
  const incident = await lockIncident(tx, id);
  if (!incident) throw new AppError('not_found', 'incidents.notFound');
  if (incident.status !== 'active') throw new AppError('conflict', 'incidents.alreadyResolved');
  return incident;
}

/**
 * The refusal naming the tickets of other incidents. One ticket is named in the reader's language;
 * a list of several stays as written (ticket 5 (incident #2), ticket 9 (incident #3)).
 */
function partOfOtherIncidents(elsewhere: { ticketId: number; incidentId: number | null }[]): AppError {
  const [first] = elsewhere;
  if (elsewhere.length === 1 && first)
    return new AppError('conflict', 'incidents.inOtherIncident', {
      ticket: String(first.ticketId),
      incident: String(first.incidentId),
    });
  const tickets = elsewhere.map((row) => `ticket ${row.ticketId} (incident #${row.incidentId})`).join(', ');
  return new AppError('conflict', 'incidents.inOtherIncidents', { tickets });
}

/**
 * The refusal naming the tickets another department holds (DESIGN.md §14): the first few by id,
 * the others counted.
 */
function heldElsewhere(key: 'incidents.linkHeldElsewhere' | 'incidents.resolveHeldElsewhere', ticketIds: number[]): AppError {
  return new AppError('forbidden', key, {
    count: ticketIds.length,
    tickets: ticketIds.slice(0, TICKETS_NAMED).join(', '),
    more: Math.max(0, ticketIds.length - TICKETS_NAMED),
  });
}

/**
 * Links the tickets to the (locked, active) incident. All or nothing: an unknown id is 404, a
 * ticket the actor may not act on 403 and a ticket of another incident 409, each naming them;
 * tickets already linked to this incident are fine (a double click links nothing twice). Returns
 * the ids newly linked.
 */
async function linkToIncident(tx: Tx, actor: Actor, incidentId: number, ticketIds: number[]): Promise<number[]> {
  const wanted = [...new Set(ticketIds)];
  if (wanted.length > INCIDENT_MAX_TICKETS_PER_REQUEST)
    throw new AppError('validation', 'incidents.tooManyTickets', { max: INCIDENT_MAX_TICKETS_PER_REQUEST });
  const found = await lockTicketLinks(tx, wanted);
  const missing = wanted.filter((id) => !found.some((row) => row.ticketId === id));
  if (missing.length > 0) throw new AppError('not_found', 'incidents.noSuchTickets', { ids: missing.join(', ') });
  // Linking is acting on the ticket: only its holder's staff or cc (one already linked here changes nothing).
  const notTheirs = found.filter(
    (row) => row.incidentId !== incidentId && !canLinkToIncident(actor, { issued_to: row.issuedTo }),
  );
  if (notTheirs.length > 0)
    throw heldElsewhere(
      'incidents.linkHeldElsewhere',
      notTheirs.map((row) => row.ticketId),
    );
  const elsewhere = found.filter((row) => row.incidentId !== null && row.incidentId !== incidentId);
  if (elsewhere.length > 0) throw partOfOtherIncidents(elsewhere);
  const newlyLinked = found.filter((row) => row.incidentId === null).map((row) => row.ticketId);
  // Which incident a ticket belongs to is staff's to know (the ticket's reply shows it only to them).
  await publishIncidentEvent(
    tx,
    incidentId,
    newlyLinked.map((ticketId) => ({ ticket_id: ticketId, issuer_user_id: null, internal: true })),
  );
  return linkTickets(tx, incidentId, newlyLinked);
}

/** Checks that the subgroup belongs to the group and both are live. */
async function checkGroup(db: Db, groupId: string | null | undefined, subGroupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  const found = await findLiveGroup(db, groupId);
  if (!found) throw AppError.invalidField('group_id', 'incidents.chooseGroup');
  if (subGroupId && !found.subgroups.some((subgroup) => subgroup.id === subGroupId))
    throw AppError.invalidField('sub_group_id', 'incidents.chooseSubgroupOfGroup');
}

/** Every code names an area (DESIGN.md §23): the first unknown one is a field error. */
async function checkAreas(db: Db, codes: string[] | undefined): Promise<void> {
  if (!codes || codes.length === 0) return;
  const known = new Set(await knownAreaCodes(db, codes));
  const unknown = codes.find((code) => !known.has(code));
  if (unknown !== undefined) throw AppError.invalidField('area_codes', 'incidents.unknownArea', { code: unknown });
}

/** Creates an active incident and links the given tickets, in one transaction. */
export async function createIncident(ctx: IncidentsContext, actor: Actor, body: CreateIncidentBody): Promise<Incident> {
  assertCanManageIncidents(actor);
  await checkGroup(ctx.db, body.group_id, body.sub_group_id);
  await checkAreas(ctx.db, body.area_codes);
  const id = await ctx.db.transaction(async (tx) => {
    const incident = await insertIncident(tx, {
      title: body.title,
      groupId: body.group_id ?? null,
      subGroupId: body.sub_group_id ?? null,
      publicNote: body.public_note ? body.public_note : null,
      areaCodes: body.area_codes,
      createdBy: actor.id,
    });
    const linked = await linkToIncident(tx, actor, incident.id, body.ticket_ids);
    await audit(tx, actor, 'incident.create', incident.id, {
      title: body.title,
      tickets_linked: linked.length,
      ticket_ids: linked,
    });
    return incident.id;
  });
  return viewOf(ctx.db, id);
}

/**
 * Changes the title and the public note of an active incident: 404 unknown, 409 resolved. Audited
 * with each changed field's before and after, and announced to staff's screens; a change to nothing
 * new writes nothing.
 */
export async function updateIncident(
  ctx: IncidentsContext,
  actor: Actor,
  incidentId: number,
  body: UpdateIncidentBody,
): Promise<Incident> {
  if (!canEditIncident(actor)) throw new AppError('forbidden', 'incidents.staffOnly');
  await checkAreas(ctx.db, body.area_codes);
  await ctx.db.transaction(async (tx) => {
    const incident = await lockActiveIncident(tx, incidentId);
    const note = body.public_note === undefined ? undefined : body.public_note || null;
    const changes: Record<string, { from: string | string[] | null; to: string | string[] | null }> = {};
    if (body.title !== undefined && body.title !== incident.title) changes.title = { from: incident.title, to: body.title };
    if (note !== undefined && note !== incident.publicNote) changes.public_note = { from: incident.publicNote, to: note };
    const areas = body.area_codes;
    if (areas !== undefined && areas.join(',') !== incident.areaCodes.join(','))
      changes.area_codes = { from: incident.areaCodes, to: areas };
    if (Object.keys(changes).length === 0) return;
    await updateIncidentFields(tx, incidentId, {
      title: changes.title ? body.title : undefined,
      publicNote: changes.public_note ? note : undefined,
      areaCodes: changes.area_codes ? areas : undefined,
    });
    await audit(tx, actor, 'incident.update', incidentId, changes);
    await publishIncidentEvent(tx, incidentId);
  });
  return viewOf(ctx.db, incidentId);
}

export async function linkIncidentTickets(
  ctx: IncidentsContext,
  actor: Actor,
  incidentId: number,
  ticketIds: number[],
): Promise<{ incident: Incident; affected: number }> {
  const affected = await linkTicketsToIncident(ctx, actor, incidentId, ticketIds);
  return { incident: await viewOf(ctx.db, incidentId), affected };
}

/** Links the tickets to the active incident, all or nothing (linkToIncident); returns how many were newly linked. */
export async function linkTicketsToIncident(
  ctx: Pick<IncidentsContext, 'db'>,
  actor: Actor,
  incidentId: number,
  ticketIds: number[],
): Promise<number> {
  assertCanManageIncidents(actor);
  return ctx.db.transaction(async (tx) => {
    await lockActiveIncident(tx, incidentId);
    const linked = await linkToIncident(tx, actor, incidentId, ticketIds);
    await audit(tx, actor, 'incident.link', incidentId, { ticket_ids: linked, tickets_linked: linked.length });
    return linked.length;
  });
}

/** Takes one ticket out of an active incident; 404 when it is not part of it, 403 when it is not the actor's to act on. */
export async function unlinkIncidentTicket(
  ctx: IncidentsContext,
  actor: Actor,
  incidentId: number,
  ticketId: number,
): Promise<{ incident: Incident; affected: number }> {
  assertCanManageIncidents(actor);
  await ctx.db.transaction(async (tx) => {
    await lockActiveIncident(tx, incidentId);
    const linked = await lockLinkedTicket(tx, incidentId, ticketId);
    if (!linked) throw new AppError('not_found', 'incidents.ticketNotLinked', { ticket: String(ticketId) });
    if (!canLinkToIncident(actor, { issued_to: linked.issuedTo }))
      throw new AppError('forbidden', 'incidents.unlinkHeldElsewhere', { ticket: String(ticketId) });
    await unlinkTicket(tx, incidentId, ticketId);
    await audit(tx, actor, 'incident.unlink', incidentId, { ticket_id: ticketId, ticket_ids: [ticketId] });
    await publishIncidentEvent(tx, incidentId, [{ ticket_id: ticketId, issuer_user_id: null, internal: true }]);
  });
  return { incident: await viewOf(ctx.db, incidentId), affected: 1 };
}

/**
 * Resolves the incident and every linked ticket that is not solved: closes them, tells each issuer
 * (the one resolve of ticket-workflow.ts, which also writes each ticket's `ticket.resolve` row) and
 * adds the message as an external comment by the resolving staff member, each with its
 * `comment.create` row, all in one transaction. It needs the right to resolve every unsolved
 * ticket (403 naming the others): an incident never widens who may act on a ticket. The incident
 * row is locked first, so of two resolves racing, the second waits, then finds the incident
 * resolved and answers 409: nothing is resolved twice.
 */
export async function resolveIncident(
  ctx: IncidentsContext,
  actor: Actor,
  incidentId: number,
  resolutionMessage: string,
): Promise<{ incident: Incident; affected: number }> {
  assertCanManageIncidents(actor);
  const affected = await ctx.db.transaction(async (tx) => {
    await lockActiveIncident(tx, incidentId);
    const unsolved = await lockUnsolvedTickets(tx, incidentId);
    const barring = ticketsBarringIncidentResolve(
      actor,
      unsolved.map((ticket) => ({ id: ticket.ticketId, issued_to: ticket.issuedTo, ticket_status: ticket.ticketStatus })),
    );
    if (barring.length > 0)
      throw heldElsewhere(
        'incidents.resolveHeldElsewhere',
        barring.map((ticket) => ticket.id),
      );
    const ids = unsolved.map((ticket) => ticket.ticketId);
    const ofIncident = { incident_id: incidentId };
    // The same resolve as a single ticket's: each closed, in the number's history and the audit trail, its issuer told.
    await resolveTickets(tx, ctx.tell, actor, unsolved, ofIncident);
    const author = { userId: actor.id, name: actor.name, userType: actor.user_type };
    const written = await insertExternalComments(tx, ids, author, resolutionMessage);
    // Each reply as a comment's own row would record it (comments.service.ts).
    await insertAuditEntries(
      tx,
      written.map((comment) => ({
        actorUserId: actor.id,
        action: 'comment.create' as const,
        target: `ticket:${comment.ticketId}`,
        ip: actor.ip,
        details: { comment_id: comment.id, internal: false, attachments: 0, ...ofIncident },
      })),
    );
    await markIncidentResolved(tx, incidentId, resolutionMessage);
    await audit(tx, actor, 'incident.resolve', incidentId, { tickets_resolved: ids.length, ticket_ids: ids });
    // Each issuer hears that their ticket was solved (and reads the resolution through the ticket).
    await publishIncidentEvent(
      tx,
      incidentId,
      unsolved.map((ticket) => ({ ticket_id: ticket.ticketId, issuer_user_id: ticket.issuerUserId, internal: false })),
    );
    return ids.length;
  });
  return { incident: await viewOf(ctx.db, incidentId), affected };
}

export async function listIncidents(ctx: IncidentsContext, viewer: Actor, query: IncidentListQuery): Promise<IncidentListReply> {
  assertCanManageIncidents(viewer);
  const { rows, total } = await listIncidentPage(ctx.db, query.status, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return { data: rows.map(presentIncident), total, ...pageLinks(query.page, total) };
}

/**
 * An incident with its tickets, timeline and, while it is active, the unsolved tickets of its
 * subgroup without an incident reported since one window before it began: the same fault's
 * newest reports, offered for linking.
 */
export async function getIncident(ctx: IncidentsContext, viewer: Actor, id: number): Promise<IncidentDetail> {
  assertCanManageIncidents(viewer);
  const view = await findIncidentView(ctx.db, id);
  if (!view) throw new AppError('not_found', 'incidents.notFound');
  const windowStart = new Date(view.createdAt.getTime() - ctx.incidents.windowMinutes * 60_000);
  const [tickets, reports, suggested] = await Promise.all([
    listIncidentTickets(ctx.db, id, INCIDENT_TICKETS_SHOWN),
    findReportTimes(ctx.db, id),
    view.status === 'active' && view.subGroupId
      ? listUnlinkedTicketsOfSubgroup(ctx.db, view.subGroupId, windowStart, SUGGESTED_TICKETS_SHOWN)
      : Promise.resolve([]),
  ]);
  return {
    ...presentIncident(view),
    tickets: tickets.map((row) => presentTicketListItem(viewer, row)),
    timeline: incidentTimeline(view, reports),
    suggested_tickets: suggested.map((row) => presentTicketListItem(viewer, row)),
  };
}

/** The public notes of active incidents (no login): what the public form shows before a duplicate report. */
export async function readPublicNotes(ctx: IncidentsContext, subGroupId: string | undefined): Promise<PublicNote[]> {
  const rows = await listPublicNotes(ctx.db, subGroupId, PUBLIC_NOTES_SHOWN);
  return rows.flatMap((row) =>
    row.publicNote ? [{ sub_group_id: row.subGroupId, public_note: row.publicNote, since: row.createdAt.toISOString() }] : [],
  );
}
