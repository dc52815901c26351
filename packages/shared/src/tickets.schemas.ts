/** Request and reply schemas of the tickets endpoints (the contract between web and server). */
import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  ISSUED_TO_VALUES,
  ISSUER_USER_TYPES,
  NAME_MAX_LENGTH,
  RATING_CHANNELS,
  RATING_MAX,
  RATING_MIN,
  TICKET_STATUSES,
  TITLE_MAX_LENGTH,
} from './constants.ts';
import { msg } from './messages.ts';
import { STORED_PHONE_NUMBER } from './numbers.ts';
import { emailSchema, multilineText, ticketIdSchema } from './common.schemas.ts';
import { captchaTokenSchema } from './auth.schemas.ts';
import { commentSchema } from './comments.schemas.ts';
import { attachmentUrlsSchema } from './storage.schemas.ts';
import { assigneeSchema } from './assignment.schemas.ts';
import { ticketPrioritySchema } from './priority.schemas.ts';
import { ticketLinkSchema } from './links.schemas.ts';

/** The ticket's number stored with the country prefix: 880 + 10 digits. */
export const problematicNumberSchema = z
  .string(msg('tickets.problematicNumberRequired'))
  .trim()
  .regex(STORED_PHONE_NUMBER, msg('tickets.problematicNumber'));

export const ticketTitleSchema = z
  .string(msg('tickets.titleRequired'))
  .trim()
  .min(1, msg('tickets.titleRequired'))
  .max(TITLE_MAX_LENGTH, msg('tickets.titleTooLong', { max: TITLE_MAX_LENGTH }));

export const ticketDescriptionSchema = multilineText({
  required: msg('tickets.descriptionRequired'),
  max: DESCRIPTION_MAX_LENGTH,
  tooLong: msg('tickets.descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH }),
});

/**
 * POST /tickets/issue-ticket. group_name and sub_group_name are accepted for the spec's payload
 * but the stored names are read from the database. A customer's issuer_user_type is ignored
 * (always customer). sub_group_id is required when the group has subgroups.
 */
export const issueTicketBodySchema = z.object({
  title: ticketTitleSchema,
  problematic_number: problematicNumberSchema,
  description: ticketDescriptionSchema,
  attachments: attachmentUrlsSchema.default([]),
  group_id: z.uuid(msg('tickets.chooseGroup')),
  group_name: z.string().max(NAME_MAX_LENGTH).optional(),
  sub_group_id: z.uuid(msg('tickets.chooseSubgroup')).nullish(),
  sub_group_name: z.string().max(NAME_MAX_LENGTH).nullish(),
  issuer_user_type: z.enum(ISSUER_USER_TYPES, msg('tickets.chooseIssuerType')),
});
export type IssueTicketBody = z.infer<typeof issueTicketBodySchema>;
export type IssueTicketInput = z.input<typeof issueTicketBodySchema>;

/**
 * Staff only (DESIGN.md §17): when the ticket is due by its holder's service levels (an ISO
 * instant; null when solved or held by an agent) and whether that time has passed.
 */
const serviceDueFields = {
  due_at: z.string().nullable().optional(),
  overdue: z.boolean().optional(),
  /** Past SLA_WARN_PERCENT of its level and not yet due (DESIGN.md §26). */
  due_soon: z.boolean().optional(),
  /** Waiting for the customer's answer: the clock stands still (DESIGN.md §26). */
  waiting: z.boolean().optional(),
};

/** One forward of a ticket (forwarder_history), oldest first. The first entry carries the first cause. */
export const forwardHistoryEntrySchema = z.object({
  previously_issued_to: z.enum(ISSUED_TO_VALUES),
  newly_issued_to: z.enum(ISSUED_TO_VALUES),
  forward_cause: z.string(),
  is_in_forward_loop: z.boolean(),
  forwarded_by_name: z.string(),
  created_at: z.string(),
  /** The ticket it was made on, when a merge moved it here (DESIGN.md §27). */
  from_ticket_id: z.number().int().nullable().optional(),
});
export type ForwardHistoryEntry = z.infer<typeof forwardHistoryEntrySchema>;

/**
 * A ticket as the viewer may see it. For agents and customers: no internal comments, staff
 * commenters named 'customer support', no issued_to, no issuer_name and an empty
 * forwarder_history (routing between departments is internal). `comments` holds the newest
 * COMMENTS_PAGE_SIZE comments the viewer may see, oldest first; `comments_total` counts all of
 * them (earlier ones: GET /tickets/{id}/comments). Dates are ISO 8601 instants; attachments are
 * public URLs.
 */
/**
 * A ticket's satisfaction rating as staff see it (DESIGN.md §25, canSeeRating). Here rather than
 * beside the rating page's schemas, so that the ticket screens do not load those.
 */
export const ticketRatingSchema = z.object({
  score: z.number().int().min(RATING_MIN).max(RATING_MAX),
  channel: z.enum(RATING_CHANNELS),
  comment: z.string().nullable(),
  rated_at: z.string(),
});
export type TicketRating = z.infer<typeof ticketRatingSchema>;

export const ticketSchema = z.object({
  ticket_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  problematic_number: z.string(),
  /** Staff only: the department holding the ticket. */
  issued_to: z.enum(ISSUED_TO_VALUES).optional(),
  issuer_number: z.string().nullable(),
  /** Staff only; null for tickets of the public form. */
  issuer_name: z.string().nullable().optional(),
  issuer_user_type: z.enum(ISSUER_USER_TYPES),
  ticket_status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  attachments: z.array(z.string()),
  comments: z.array(commentSchema),
  comments_total: z.number().int(),
  forwarder_history: z.array(forwardHistoryEntrySchema),
  group_id: z.string().nullable(),
  group_name: z.string(),
  sub_group_id: z.string().nullable(),
  sub_group_name: z.string().nullable(),
  /** The subgroup's Bangla name now; `sub_group_name` is the English one the ticket was raised with. */
  sub_group_name_bn: z.string().nullable().optional(),
  client_email: z.string().nullable(),
  /** Staff only: the incident the ticket belongs to (DESIGN.md §14), null when none. */
  incident_id: z.number().int().nullable().optional(),
  /** Staff only: who took the ticket (DESIGN.md §19), null when nobody. */
  assignee: assigneeSchema.nullable().optional(),
  ...serviceDueFields,
  /** Staff only (DESIGN.md §30). */
  priority: ticketPrioritySchema.optional(),
  /** Staff only (DESIGN.md §25): the issuer's rating, null until one is given. */
  rating: ticketRatingSchema.nullable().optional(),
  /**
   * The ticket this one was merged into (DESIGN.md §27), null when not merged: the view leads
   * there. Sent to a viewer who may see that ticket; null otherwise.
   */
  merged_into: z.number().int().nullable().optional(),
  /** Staff only (DESIGN.md §27): the linked tickets, either way, newest link first. */
  links: z.array(ticketLinkSchema).optional(),
  /** Staff only (DESIGN.md §27): the ticket's tags, in alphabetical order. */
  tags: z.array(z.string()).optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const issueTicketReplySchema = z.object({ message: z.string(), data: ticketSchema });
export type IssueTicketReply = z.infer<typeof issueTicketReplySchema>;

/** Path of GET /tickets/get-ticket-by-id/{id}. */
export const ticketIdParamsSchema = z.object({
  id: ticketIdSchema,
});

/** GET /tickets/get-ticket-by-id/{id}: the spec reads data[0]. */
export const ticketByIdReplySchema = z.object({ data: z.array(ticketSchema) });
export type TicketByIdReply = z.infer<typeof ticketByIdReplySchema>;

/** A row of the ticket table: only what the table shows. issued_to and issuer_name are sent to staff only. */
export const ticketListItemSchema = z.object({
  ticket_id: z.number().int(),
  title: z.string(),
  problematic_number: z.string(),
  issued_to: z.enum(ISSUED_TO_VALUES).optional(),
  issuer_number: z.string().nullable(),
  issuer_name: z.string().nullable().optional(),
  issuer_user_type: z.enum(ISSUER_USER_TYPES),
  client_email: z.string().nullable(),
  created_at: z.string(),
  ticket_status: z.enum(TICKET_STATUSES),
  /** Staff only: who took the ticket, null when nobody. */
  assignee: assigneeSchema.nullable().optional(),
  ...serviceDueFields,
  /** Staff only (DESIGN.md §30). */
  priority: ticketPrioritySchema.optional(),
  /** Staff only (DESIGN.md §25): the rating's score, null when not rated. */
  rating: z.number().int().nullable().optional(),
  /** Staff only (DESIGN.md §27): the ticket's tags, in alphabetical order. */
  tags: z.array(z.string()).optional(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

/**
 * A page of tickets, 10 per page, newest first. total_pages = ceil(total / 10) (0 when empty);
 * previous_page / next_page are null at the ends; a page past the end has empty data and the
 * right totals.
 */
export const ticketListReplySchema = z.object({
  data: z.array(ticketListItemSchema),
  total_tickets: z.number().int(),
  /** True when total_tickets is the planner's estimate (more than 10,000 matches): the UI says "about". */
  total_is_estimate: z.boolean().optional(),
  /**
   * A text search only: true when more than SEARCH_COUNT_LIMIT tickets match. total_tickets is then
   * SEARCH_COUNT_LIMIT, the pages end there, and the UI says "more than 1,000".
   */
  total_is_capped: z.boolean().optional(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type TicketListReply = z.infer<typeof ticketListReplySchema>;

/**
 * POST /tickets/issue-ticket/public (no login): the same form plus the client's e-mail and the bot
 * check. The issuer type is always customer.
 */
export const publicIssueTicketBodySchema = issueTicketBodySchema.extend({
  client_email: emailSchema,
  token: captchaTokenSchema,
  issuer_user_type: z.literal('customer').default('customer'),
});
export type PublicIssueTicketBody = z.infer<typeof publicIssueTicketBodySchema>;
export type PublicIssueTicketInput = z.input<typeof publicIssueTicketBodySchema>;
