/** Issuing tickets and reading one ticket as a viewer may see it (DESIGN.md §6). */
import {
  AppError,
  canChooseIssuerType,
  canSeeAllTickets,
  canSeeInternalComments,
  canSeeRating,
  canSeeRouting,
  canSeeTicket,
  canUseTags,
  COMMENTS_PAGE_SIZE,
  type IssueTicketBody,
  type Language,
  type Ticket,
  type UserType,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { rememberLanguage } from '../notifications/user-language.repository.ts';
import { newestComments } from '../comments/comment-pages.ts';
import { listForwardHistory } from '../forwarding/forwarding.repository.ts';
import { findLiveGroup } from '../groups/groups.repository.ts';
import { claimAttachments, resolveAttachmentKeys, type StorageContext } from '../storage/storage.service.ts';
import { presentTicket, type TicketViewer } from './ticket-presenter.ts';
import { findTicketView } from './ticket-view.repository.ts';
import {
  findTicketWithIssuer,
  insertTicketWithTrail,
  type NewTicket,
  type NewTicketTrail,
  type TicketRow,
  type TicketWithIssuer,
} from './tickets.repository.ts';

export interface TicketsContext extends StorageContext {
  /** The provider's time zone: list dates are its calendar days. */
  timezone: string;
}

/**
 * Who issues a ticket: a signed-in user, or somebody on the public form known by an e-mail address;
 * `ip` is where the request came from (the audit row records it), `language` the one they asked in
 * (they are told of the ticket in it).
 */
export type TicketIssuer = ({ kind: 'user'; user: Actor } | { kind: 'public'; clientEmail: string }) & {
  ip: string;
  language: Language;
};

/**
 * Joins a new ticket to the active incident an alarm opened for its subgroup (DESIGN.md §22): the
 * incidents module's, handed in through modules/index.ts.
 */
export interface AlarmIncidentLinker {
  /** The active incident an alarm opened for the subgroup, read before the ticket's transaction; null: none. */
  find(db: Db, subGroupId: string): Promise<number | null>;
  /**
   * Links the ticket just inserted in `tx` to that incident, with its audit row and events; returns
   * the incident's id, or null when it was resolved meanwhile.
   */
  link(tx: Db, incidentId: number, ticketId: number, trail: { actorUserId: string | null; ip: string }): Promise<number | null>;
}

/** What issuing a ticket needs besides reading tickets. */
export interface IssueContext extends TicketsContext {
  alarmIncidents: AlarmIncidentLinker;
}

/** The fields of a new ticket that both forms send (the names of group and subgroup are read here). */
export type NewTicketInput = Pick<
  IssueTicketBody,
  'title' | 'problematic_number' | 'description' | 'attachments' | 'group_id' | 'sub_group_id' | 'issuer_user_type'
>;

/** The person asking, as far as ticket access goes. */
export interface TicketReader extends TicketViewer {
  id: string;
}

/** The group and subgroup names stored on the ticket, read from the database (snapshots), and the subgroup's Bangla name. */
async function groupSnapshot(ctx: TicketsContext, groupId: string, subGroupId: string | null | undefined) {
  const found = await findLiveGroup(ctx.db, groupId);
  if (!found) throw AppError.invalidField('group_id', 'tickets.chooseGroup');
  const { group, subgroups } = found;
  if (!subGroupId) {
    if (subgroups.length > 0) throw AppError.invalidField('sub_group_id', 'tickets.chooseSubgroup');
    return { stored: { groupId: group.id, groupName: group.groupName, subGroupId: null, subGroupName: null }, subGroupBn: null };
  }
  const subgroup = subgroups.find((candidate) => candidate.id === subGroupId);
  if (!subgroup) throw AppError.invalidField('sub_group_id', 'tickets.subgroupOfGroup');
  return {
    stored: { groupId: group.id, groupName: group.groupName, subGroupId: subgroup.id, subGroupName: subgroup.subGroupEn },
    subGroupBn: subgroup.subGroupBn,
  };
}

/**
 * Inserts the ticket with its trail, alone as one statement when nothing else is written. Claiming
 * uploads, remembering a language or joining the incident an alarm opened for its subgroup makes it
 * a transaction.
 */
async function storeTicket(
  ctx: IssueContext,
  issuer: TicketIssuer,
  row: NewTicket,
  trail: NewTicketTrail,
  keys: string[],
): Promise<TicketRow> {
  const user = issuer.kind === 'user' ? issuer.user : null;
  // A signed-in issuer's later messages follow the language they last wrote in.
  const remembersLanguage = user !== null && user.language !== issuer.language;
  const alarmIncident = row.subGroupId ? await ctx.alarmIncidents.find(ctx.db, row.subGroupId) : null;
  if (keys.length === 0 && !remembersLanguage && alarmIncident === null) return insertTicketWithTrail(ctx.db, row, trail);
  return ctx.db.transaction(async (tx) => {
    const inserted = await insertTicketWithTrail(tx, row, trail);
    if (user && remembersLanguage) await rememberLanguage(tx, user.id, issuer.language);
    await claimAttachments(tx, keys, `ticket:${inserted.ticketId}`);
    if (alarmIncident === null) return inserted;
    const incidentId = await ctx.alarmIncidents.link(tx, alarmIncident, inserted.ticketId, {
      actorUserId: user?.id ?? null,
      ip: issuer.ip,
    });
    return incidentId === null ? inserted : { ...inserted, incidentId };
  });
}

/**
 * Creates a ticket held by cc with status open. Customers (and the public form) always issue as
 * customer, whatever they send; everybody else chooses agent or customer. Attachments must be
 * uploads of the same issuer; they are claimed in the same transaction.
 */
export async function issueTicket(ctx: IssueContext, issuer: TicketIssuer, input: NewTicketInput): Promise<TicketWithIssuer> {
  const { stored: snapshot, subGroupBn } = await groupSnapshot(ctx, input.group_id, input.sub_group_id);
  const user = issuer.kind === 'user' ? issuer.user : null;
  const issuerUserType = user && canChooseIssuerType(user) ? input.issuer_user_type : 'customer';
  const keys = await resolveAttachmentKeys(ctx, user?.id ?? null, input.attachments);
  const row: NewTicket = {
    title: input.title,
    description: input.description,
    problematicNumber: input.problematic_number,
    issuedTo: 'cc',
    ticketStatus: 'open',
    issuerUserId: user?.id ?? null,
    issuerNumber: user?.product_number ?? null,
    issuerUserType,
    clientEmail: issuer.kind === 'public' ? issuer.clientEmail : null,
    issuerLanguage: issuer.language,
    attachments: keys,
    ...snapshot,
  };
  const trail: NewTicketTrail = {
    audit: {
      actorUserId: user?.id ?? null,
      action: 'ticket.create',
      ip: issuer.ip,
      details: {
        form: issuer.kind,
        issuer_user_type: issuerUserType,
        group_id: snapshot.groupId,
        sub_group_id: snapshot.subGroupId,
        attachments: keys.length,
      },
    },
    event: { event: 'ticket.created', issuer_user_id: row.issuerUserId, internal: false },
  };
  const ticket = await storeTicket(ctx, issuer, row, trail, keys);
  // A new ticket has nobody on it yet, and is due at least an hour from now (the shortest level).
  return {
    ...ticket,
    issuerName: user?.name ?? null,
    issuerAccountLanguage: user ? issuer.language : null,
    assigneeName: null,
    overdue: false,
    dueSoon: false,
    subGroupBn,
  };
}

/** The ticket if the viewer may see it; otherwise 404, the same as for a missing ticket (no existence leak). */
export async function findTicketForViewer(
  ctx: Pick<TicketsContext, 'db'>,
  viewer: TicketReader,
  ticketId: number,
): Promise<TicketWithIssuer> {
  const ticket = await findTicketWithIssuer(ctx.db, ticketId);
  if (!ticket || !canSeeTicket(viewer, { issuer_user_id: ticket.issuerUserId }))
    throw new AppError('not_found', 'tickets.notFound');
  return ticket;
}

/** A ticket with its newest comments and its forwards (both oldest first) as the viewer may see it. */
export async function presentTicketForViewer(
  ctx: TicketsContext,
  viewer: TicketViewer,
  ticket: TicketWithIssuer,
): Promise<Ticket> {
  const [comments, forwards] = await Promise.all([
    newestComments(ctx.db, viewer, ticket.ticketId),
    canSeeRouting(viewer) ? listForwardHistory(ctx.db, ticket.ticketId) : Promise.resolve([]),
  ]);
  return presentTicket(viewer, ticket, comments, forwards, (key) => ctx.storage.publicUrlOf(key));
}

/** A ticket just issued, as its issuer sees it: it has no comments and no forwards yet, so none are read. */
export function presentNewTicket(ctx: TicketsContext, viewer: TicketViewer, ticket: TicketWithIssuer): Ticket {
  return presentTicket(viewer, ticket, { rows: [], total: 0 }, [], (key) => ctx.storage.publicUrlOf(key));
}

/** The ticket as the viewer may see it, read in one statement; 404 as findTicketForViewer answers. */
export async function getTicketForViewer(ctx: TicketsContext, viewer: TicketReader, ticketId: number): Promise<Ticket> {
  const scope = {
    withInternal: canSeeInternalComments(viewer),
    withForwards: canSeeRouting(viewer),
    withRating: canSeeRating(viewer),
    withLinksAndTags: canUseTags(viewer),
  };
  const view = await findTicketView(ctx.db, ticketId, scope, COMMENTS_PAGE_SIZE);
  if (!view || !canSeeTicket(viewer, { issuer_user_id: view.ticket.issuerUserId }))
    throw new AppError('not_found', 'tickets.notFound');
  const urlOf = (key: string) => ctx.storage.publicUrlOf(key);
  const ticket = presentTicket(viewer, view.ticket, view.comments, view.forwards, urlOf, view.rating, view.linksAndTags);
  return { ...ticket, merged_into: await mergedIntoFor(ctx, viewer, view.ticket.mergedInto) };
}

/**
 * The ticket a merged ticket went into (DESIGN.md §27), when the viewer may see that one: the view
 * leads there. Null otherwise; whoever may not see it stays on this ticket and reads its last comment.
 */
async function mergedIntoFor(ctx: Pick<TicketsContext, 'db'>, viewer: TicketReader, into: number | null): Promise<number | null> {
  if (into === null || canSeeAllTickets(viewer)) return into;
  const target = await findTicketWithIssuer(ctx.db, into);
  return target && canSeeTicket(viewer, { issuer_user_id: target.issuerUserId }) ? into : null;
}

/** How the issuer of a new ticket sees it in the reply; the public form's issuer is a customer. */
export function viewerOfIssuer(issuer: TicketIssuer): TicketViewer {
  return { user_type: issuer.kind === 'user' ? issuer.user.user_type : ('customer' satisfies UserType) };
}
