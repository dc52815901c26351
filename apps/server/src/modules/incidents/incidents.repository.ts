/**
 * SQL of incidents (DESIGN.md §14) and of the tickets' link to them (`tickets.incident_id`). An
 * incident can hold hundreds of tickets, so linking, closing and commenting are one statement each
 * for all of them, never one round trip per ticket.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Department, IncidentStatus } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { alarmRules, alarms, areas, groups, incidentDismissals, incidents, subgroups, tickets, users } from '../../db/schema.ts';
import { TICKET_LIST_COLUMNS, type TicketListRow } from '../tickets/ticket-list.repository.ts';
import { userNameOf, type TicketRow } from '../tickets/tickets.repository.ts';

export type IncidentRow = typeof incidents.$inferSelect;
export type NewIncidentRow = typeof incidents.$inferInsert;

/** An incident with the names a person reads and its ticket counts. */
export interface IncidentView extends IncidentRow {
  groupName: string | null;
  subGroupName: string | null;
  subGroupBn: string | null;
  createdByName: string | null;
  ticketCount: number;
  openTicketCount: number;
  firingAlarmCount: number;
  /** The opening rule's restoration message (DESIGN.md §22); null without a rule or message. */
  ruleRestorationMessage: string | null;
}

export async function insertIncident(db: Db, row: NewIncidentRow): Promise<IncidentRow> {
  const [incident] = await db.insert(incidents).values(row).returning();
  if (!incident) throw new Error('insert into incidents returned no row');
  return incident;
}

/**
 * Reads an incident and locks its row until the transaction ends: links, unlinks and resolves of
 * one incident run one after the other, so a second resolve sees the first one's status.
 */
export async function lockIncident(db: Db, id: number): Promise<IncidentRow | undefined> {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id)).for('update');
  return row;
}

function selectIncidentViews(db: Db) {
  return db
    .select({
      incident: incidents,
      groupName: groups.groupName,
      subGroupName: subgroups.subGroupEn,
      subGroupBn: subgroups.subGroupBn,
      createdByName: users.name,
      // Both counts come from the partial index tickets_incident.
      ticketCount: sql<number>`(select count(*)::int from ${tickets} where ${tickets.incidentId} = ${incidents.id})`,
      openTicketCount: sql<number>`(select count(*)::int from ${tickets} where ${tickets.incidentId} = ${incidents.id} and ${tickets.ticketStatus} <> 'closed')`,
      // From the index alarms_incident; a person's incident has none.
      firingAlarmCount: sql<number>`(select count(*)::int from ${alarms} where ${alarms.incidentId} = ${incidents.id} and ${alarms.status} = 'firing')`,
      ruleRestorationMessage: sql<
        string | null
      >`(select nullif(${alarmRules.restorationMessage}, '') from ${alarmRules} where ${alarmRules.id} = ${incidents.alarmRuleId})`,
    })
    .from(incidents)
    .leftJoin(groups, eq(groups.id, incidents.groupId))
    .leftJoin(subgroups, eq(subgroups.id, incidents.subGroupId))
    .leftJoin(users, eq(users.id, incidents.createdBy));
}

type IncidentViewRow = Awaited<ReturnType<ReturnType<typeof selectIncidentViews>['where']>>[number];

function viewOf(row: IncidentViewRow): IncidentView {
  return {
    ...row.incident,
    groupName: row.groupName,
    subGroupName: row.subGroupName,
    subGroupBn: row.subGroupBn,
    createdByName: row.createdByName,
    ticketCount: Number(row.ticketCount),
    openTicketCount: Number(row.openTicketCount),
    firingAlarmCount: Number(row.firingAlarmCount),
    ruleRestorationMessage: row.ruleRestorationMessage,
  };
}

export async function findIncidentView(db: Db, id: number): Promise<IncidentView | undefined> {
  const [row] = await selectIncidentViews(db).where(eq(incidents.id, id));
  return row && viewOf(row);
}

/** One page of the incidents with a status, newest first, and how many there are. */
export async function listIncidentPage(
  db: Db,
  status: IncidentStatus,
  offset: number,
  limit: number,
): Promise<{ rows: IncidentView[]; total: number }> {
  const rows = await selectIncidentViews(db)
    .where(eq(incidents.status, status))
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .offset(offset)
    .limit(limit);
  const [counted] = await db.select({ total: count() }).from(incidents).where(eq(incidents.status, status));
  return { rows: rows.map(viewOf), total: counted?.total ?? 0 };
}

/** The rows of the ticket table (with the issuer's name) for some condition, newest first. */
function selectTicketRows(db: Db, where: SQL | undefined, limit: number): Promise<TicketListRow[]> {
  return db
    .select({ ...TICKET_LIST_COLUMNS, assigneeName: userNameOf(tickets.assigneeUserId), issuerName: users.name })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.issuerUserId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.ticketId))
    .limit(limit);
}

export function listIncidentTickets(db: Db, incidentId: number, limit: number): Promise<TicketListRow[]> {
  return selectTicketRows(db, eq(tickets.incidentId, incidentId), limit);
}

/** Unsolved tickets of a subgroup without an incident, reported from `since` on: candidates for linking. */
export function listUnlinkedTicketsOfSubgroup(db: Db, subGroupId: string, since: Date, limit: number): Promise<TicketListRow[]> {
  return selectTicketRows(
    db,
    and(
      eq(tickets.subGroupId, subGroupId),
      gte(tickets.createdAt, since),
      isNull(tickets.incidentId),
      ne(tickets.ticketStatus, 'closed'),
    ),
    limit,
  );
}

/** When the first and the latest of an incident's tickets were reported (null without tickets). */
export async function findReportTimes(db: Db, incidentId: number): Promise<{ first: Date | null; latest: Date | null }> {
  const [row] = await db
    .select({
      first: sql<Date | null>`min(${tickets.createdAt})`.mapWith(tickets.createdAt),
      latest: sql<Date | null>`max(${tickets.createdAt})`.mapWith(tickets.createdAt),
    })
    .from(tickets)
    .where(eq(tickets.incidentId, incidentId));
  return { first: row?.first ?? null, latest: row?.latest ?? null };
}

/**
 * Locks the named tickets, in id order (so that two requests naming the same tickets cannot
 * deadlock), and tells which incident each belongs to. Missing ids are simply absent.
 */
export async function lockTicketLinks(
  db: Db,
  ticketIds: number[],
): Promise<{ ticketId: number; incidentId: number | null; issuedTo: TicketRow['issuedTo'] }[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select({ ticketId: tickets.ticketId, incidentId: tickets.incidentId, issuedTo: tickets.issuedTo })
    .from(tickets)
    .where(inArray(tickets.ticketId, ticketIds))
    .orderBy(asc(tickets.ticketId))
    .for('update');
}

/** Links the tickets to the incident in one statement; the ids linked, in order. */
export async function linkTickets(db: Db, incidentId: number, ticketIds: number[]): Promise<number[]> {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .update(tickets)
    .set({ incidentId })
    .where(and(inArray(tickets.ticketId, ticketIds), isNull(tickets.incidentId)))
    .returning({ ticketId: tickets.ticketId });
  return rows.map((row) => row.ticketId).sort((a, b) => a - b);
}

/** One ticket of the incident, locked, with its holder; undefined when it is not part of it. */
export async function lockLinkedTicket(
  db: Db,
  incidentId: number,
  ticketId: number,
): Promise<{ ticketId: number; issuedTo: TicketRow['issuedTo'] } | undefined> {
  const [row] = await db
    .select({ ticketId: tickets.ticketId, issuedTo: tickets.issuedTo })
    .from(tickets)
    .where(and(eq(tickets.ticketId, ticketId), eq(tickets.incidentId, incidentId)))
    .for('update');
  return row;
}

/** Unlinks one ticket; false when it was not linked to that incident. */
export async function unlinkTicket(db: Db, incidentId: number, ticketId: number): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ incidentId: null })
    .where(and(eq(tickets.ticketId, ticketId), eq(tickets.incidentId, incidentId)))
    .returning({ ticketId: tickets.ticketId });
  return rows.length === 1;
}

/** The incident's tickets that are not solved, locked in id order (whoever holds them). */
export function lockUnsolvedTickets(db: Db, incidentId: number): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.incidentId, incidentId), ne(tickets.ticketStatus, 'closed')))
    .orderBy(asc(tickets.ticketId))
    .for('update');
}

export async function markIncidentResolved(db: Db, id: number, resolutionMessage: string): Promise<void> {
  await db
    .update(incidents)
    .set({ status: 'resolved', resolvedAt: sql`now()`, resolutionMessage })
    .where(eq(incidents.id, id));
}

export interface SuggestionRow {
  groupId: string | null;
  groupName: string;
  subGroupId: string;
  subGroupName: string | null;
  /** The subgroup's Bangla name now (the tickets store the English one). */
  subGroupBn: string | null;
  ticketCount: number;
  since: Date;
  ticketIds: number[];
}

/**
 * Subgroups with at least `threshold` unsolved tickets without an incident reported in the last
 * `windowMinutes`, biggest first. One statement: the window is a range of tickets_created, so
 * it reads only the last minutes' tickets however many the desk holds.
 */
const suggestions = preparedPerDatabase((db) => {
  const ticketCount = sql<number>`count(*)::int`;
  return db
    .select({
      groupId: tickets.groupId,
      groupName: sql<string>`max(${tickets.groupName})`,
      subGroupId: sql<string>`${tickets.subGroupId}`,
      subGroupName: sql<string | null>`max(${tickets.subGroupName})`,
      subGroupBn: sql<
        string | null
      >`(select ${subgroups.subGroupBn} from ${subgroups} where ${subgroups.id} = ${tickets.subGroupId})`,
      ticketCount,
      since: sql<Date>`min(${tickets.createdAt})`.mapWith(tickets.createdAt),
      ticketIds: sql<
        (number | string)[]
      >`(array_agg(${tickets.ticketId} order by ${tickets.createdAt}, ${tickets.ticketId}))[1:${sql.placeholder('maxTicketIds')}::int]`,
    })
    .from(tickets)
    .where(
      and(
        gte(tickets.createdAt, sql`now() - make_interval(mins => ${sql.placeholder('windowMinutes')}::int)`),
        isNull(tickets.incidentId),
        ne(tickets.ticketStatus, 'closed'),
        isNotNull(tickets.subGroupId),
        // A subgroup an alarm already opened an incident for needs no suggestion (DESIGN.md §22).
        sql`not exists (select 1 from ${incidents} where ${incidents.subGroupId} = ${tickets.subGroupId} and ${incidents.status} = 'active' and ${incidents.openedBy} = 'alarm')`,
      ),
    )
    .groupBy(tickets.groupId, tickets.subGroupId)
    .having(sql`count(*) >= ${sql.placeholder('threshold')}::int`)
    .orderBy(desc(ticketCount), asc(sql`min(${tickets.createdAt})`))
    .prepare('incident_suggestions');
});

export async function listSuggestions(
  db: Db,
  options: { threshold: number; windowMinutes: number; maxTicketIds: number },
): Promise<SuggestionRow[]> {
  const rows = await suggestions(db).execute(options);
  return rows.map((row) => ({ ...row, ticketCount: Number(row.ticketCount), ticketIds: row.ticketIds.map(Number) }));
}

/**
 * The oldest active incident an alarm opened for the subgroup (DESIGN.md §22), which a new ticket
 * of that subgroup joins; read through the partial index incidents_active_subgroup.
 */
export async function findAlarmIncidentOfSubgroup(db: Db, subGroupId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: incidents.id })
    .from(incidents)
    .where(and(eq(incidents.status, 'active'), eq(incidents.subGroupId, subGroupId), eq(incidents.openedBy, 'alarm')))
    .orderBy(asc(incidents.createdAt), asc(incidents.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether the incident is still active, its row share-locked until the transaction ends: a resolve
 * (which locks it for update) waits for the ticket joining it, or the ticket sees it resolved.
 */
export async function shareLockActiveIncident(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ status: incidents.status }).from(incidents).where(eq(incidents.id, id)).for('share');
  return row?.status === 'active';
}

/** Public notes of active incidents, newest first; of one subgroup when given. */
export function listPublicNotes(
  db: Db,
  subGroupId: string | undefined,
  limit: number,
): Promise<{ subGroupId: string | null; publicNote: string | null; createdAt: Date }[]> {
  return db
    .select({ subGroupId: incidents.subGroupId, publicNote: incidents.publicNote, createdAt: incidents.createdAt })
    .from(incidents)
    .where(
      and(
        eq(incidents.status, 'active'),
        subGroupId === undefined ? undefined : eq(incidents.subGroupId, subGroupId),
        isNotNull(incidents.publicNote),
        ne(incidents.publicNote, ''),
      ),
    )
    .orderBy(desc(incidents.createdAt))
    .limit(limit);
}

/** Changes the title and the public note of an incident (null: none); fields left undefined stay. */
export async function updateIncidentFields(
  db: Db,
  id: number,
  fields: { title?: string | undefined; publicNote?: string | null | undefined; areaCodes?: string[] | undefined },
): Promise<void> {
  await db
    .update(incidents)
    .set({
      ...(fields.title === undefined ? {} : { title: fields.title }),
      ...(fields.publicNote === undefined ? {} : { publicNote: fields.publicNote }),
      ...(fields.areaCodes === undefined ? {} : { areaCodes: fields.areaCodes }),
    })
    .where(eq(incidents.id, id));
}

/** Whether a live subgroup of that id exists. */
export async function liveSubgroupExists(db: Db, subGroupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subgroups.id })
    .from(subgroups)
    .where(and(eq(subgroups.id, subGroupId), isNull(subgroups.deletedAt)));
  return row !== undefined;
}

export async function insertDismissal(
  db: Db,
  row: { department: Department; subGroupId: string; dismissedBy: string },
): Promise<void> {
  await db.insert(incidentDismissals).values(row);
}

/**
 * The latest dismissal of each subgroup by the department within the last `windowMinutes` (older
 * ones cannot hide a burst, whose reports are all within the window): a range of
 * incident_dismissals_department_at.
 */
export function listRecentDismissals(
  db: Db,
  department: Department,
  windowMinutes: number,
): Promise<{ subGroupId: string; dismissedAt: Date }[]> {
  return db
    .select({
      subGroupId: incidentDismissals.subGroupId,
      dismissedAt: sql<Date>`max(${incidentDismissals.dismissedAt})`.mapWith(incidentDismissals.dismissedAt),
    })
    .from(incidentDismissals)
    .where(
      and(
        eq(incidentDismissals.department, department),
        gte(incidentDismissals.dismissedAt, sql`now() - make_interval(mins => ${windowMinutes}::int)`),
      ),
    )
    .groupBy(incidentDismissals.subGroupId);
}

/** Which of the codes name an area (DESIGN.md §23). */
export async function knownAreaCodes(db: Db, codes: string[]): Promise<string[]> {
  const rows = await db.select({ code: areas.code }).from(areas).where(inArray(areas.code, codes));
  return rows.map((row) => row.code);
}
