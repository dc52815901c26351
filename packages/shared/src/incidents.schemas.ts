/** Request and reply schemas of the incidents endpoints (DESIGN.md §14). */
import { z } from 'zod';
import {
  AREA_CODE_PATTERN,
  COMMENT_MAX_LENGTH,
  INCIDENT_AREAS_MAX,
  INCIDENT_OPENERS,
  INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
  INCIDENT_STATUSES,
  TITLE_MAX_LENGTH,
} from './constants.ts';
import { msg } from './messages.ts';
import { multilineText, optionalQuery, ticketIdSchema, uuidSchema } from './common.schemas.ts';
import { ticketListItemSchema } from './tickets.schemas.ts';

/** Tickets one request may link (and one suggestion names): an outage's burst, bounded so one request stays one short transaction. */
export const INCIDENT_MAX_TICKETS_PER_REQUEST = 200;
/** Linked tickets the detail shows (newest first); the counts are always exact. */
export const INCIDENT_TICKETS_SHOWN = 500;

/** An incident id: the same strict reading as a ticket id (digits in a path, an integer in a body). */
export const incidentIdSchema = ticketIdSchema;

export const incidentIdParamsSchema = z.object({ id: incidentIdSchema });
export const incidentTicketParamsSchema = z.object({ id: incidentIdSchema, ticket_id: ticketIdSchema });

export const incidentTitleSchema = z
  .string(msg('incidents.titleRequired'))
  .trim()
  .min(1, msg('incidents.titleRequired'))
  .max(TITLE_MAX_LENGTH, msg('incidents.titleTooLong', { max: TITLE_MAX_LENGTH }));

/** What the public reads while the incident lasts; blank means none. */
export const incidentPublicNoteSchema = multilineText({
  max: INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
  tooLong: msg('incidents.publicNoteTooLong', { max: INCIDENT_PUBLIC_NOTE_MAX_LENGTH }),
});

export const incidentTicketIdsSchema = z
  .array(ticketIdSchema)
  .max(INCIDENT_MAX_TICKETS_PER_REQUEST, msg('incidents.tooManyTickets', { max: INCIDENT_MAX_TICKETS_PER_REQUEST }));

/** The areas an incident affects (DESIGN.md §23): known codes (the server checks), each once. */
export const incidentAreaCodesSchema = z
  // The directory's area code (subscribers.schemas.ts), spelled here so that the incident forms do not load the directory's schemas.
  .array(z.string(msg('subscribers.areaCode')).trim().regex(AREA_CODE_PATTERN, msg('subscribers.areaCode')))
  .max(INCIDENT_AREAS_MAX, msg('incidents.tooManyAreas', { max: INCIDENT_AREAS_MAX }))
  .refine((codes) => new Set(codes).size === codes.length, msg('incidents.areasTwice'));

/** POST /incidents. A subgroup needs its group; the group alone is allowed for groups without subgroups. */
export const createIncidentBodySchema = z
  .object({
    title: incidentTitleSchema,
    group_id: uuidSchema.nullish(),
    sub_group_id: uuidSchema.nullish(),
    public_note: incidentPublicNoteSchema.nullish(),
    ticket_ids: incidentTicketIdsSchema.default([]),
    area_codes: incidentAreaCodesSchema.default([]),
  })
  .refine((body) => !body.sub_group_id || body.group_id, {
    message: msg('incidents.groupOfSubgroup'),
    path: ['group_id'],
  });
export type CreateIncidentBody = z.infer<typeof createIncidentBodySchema>;
export type CreateIncidentInput = z.input<typeof createIncidentBodySchema>;

/**
 * PATCH /incidents/{id}: the title, the public note and the areas of an active incident, each changed only
 * when sent; a blank or null note removes it. At least one of them.
 */
export const updateIncidentBodySchema = z
  .object({
    title: incidentTitleSchema.optional(),
    public_note: incidentPublicNoteSchema.nullable().optional(),
    area_codes: incidentAreaCodesSchema.optional(),
  })
  .refine((body) => body.title !== undefined || body.public_note !== undefined || body.area_codes !== undefined, {
    message: msg('incidents.nothingToChange'),
    path: ['title'],
  });
export type UpdateIncidentBody = z.infer<typeof updateIncidentBodySchema>;
export type UpdateIncidentInput = z.input<typeof updateIncidentBodySchema>;

/** POST /incidents/suggestions/dismiss: the burst of one subgroup is not an incident, for the dismisser's department. */
export const dismissSuggestionBodySchema = z.object({ sub_group_id: z.uuid(msg('incidents.chooseSubgroup')) });
export type DismissSuggestionBody = z.infer<typeof dismissSuggestionBodySchema>;

/** POST /incidents/{id}/tickets. */
export const linkIncidentTicketsBodySchema = z.object({
  ticket_ids: incidentTicketIdsSchema.min(1, msg('incidents.ticketsRequired')),
});
export type LinkIncidentTicketsBody = z.infer<typeof linkIncidentTicketsBodySchema>;

export const resolutionMessageSchema = multilineText({
  required: msg('incidents.resolutionRequired'),
  max: COMMENT_MAX_LENGTH,
  tooLong: msg('incidents.resolutionTooLong', { max: COMMENT_MAX_LENGTH }),
});

/** POST /incidents/{id}/resolve: the message becomes an external comment on every ticket it resolves. */
export const resolveIncidentBodySchema = z.object({ resolution_message: resolutionMessageSchema });
export type ResolveIncidentBody = z.infer<typeof resolveIncidentBodySchema>;
export type ResolveIncidentInput = z.input<typeof resolveIncidentBodySchema>;

/** GET /incidents: active (default) or resolved, newest first, 10 per page. */
export const incidentListQuerySchema = z.object({
  status: optionalQuery(z.enum(INCIDENT_STATUSES, msg('incidents.status'))).transform((value) => value ?? 'active'),
  page: optionalQuery(z.coerce.number().int().min(1, msg('common.pageStart')).max(1_000_000)).transform((value) => value ?? 1),
});
export type IncidentListQuery = z.infer<typeof incidentListQuerySchema>;

export const incidentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  sub_group_id: z.string().nullable(),
  sub_group_name: z.string().nullable(),
  sub_group_name_bn: z.string().nullable(),
  status: z.enum(INCIDENT_STATUSES),
  public_note: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution_message: z.string().nullable(),
  /** Linked tickets, and those of them not yet solved. */
  ticket_count: z.number().int(),
  open_ticket_count: z.number().int(),
  /** Opened by a person, or by a network alarm (DESIGN.md §22). */
  opened_by: z.enum(INCIDENT_OPENERS),
  /** The areas it affects (DESIGN.md §23); empty: not known. */
  area_codes: z.array(z.string()),
  /** Alarms behind it that still fire (0 for a person's incident). */
  firing_alarm_count: z.number().int(),
  /**
   * Every alarm behind it resolved and quiet through the hold-down, and its rule does not resolve
   * by itself: staff are asked "The network has recovered — resolve the incident?". Null otherwise.
   */
  network_recovered_at: z.string().nullable(),
  /** The rule's restoration message, offered as the resolution when the network recovered. */
  suggested_resolution: z.string().nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;

export const INCIDENT_TIMELINE_EVENTS = ['first_report', 'created', 'latest_report', 'resolved'] as const;
export type IncidentTimelineEvent = (typeof INCIDENT_TIMELINE_EVENTS)[number];

/** GET /incidents/{id}: the incident, its tickets (newest first), its timeline and tickets that may belong to it. */
export const incidentDetailSchema = incidentSchema.extend({
  tickets: z.array(ticketListItemSchema),
  timeline: z.array(z.object({ at: z.string(), event: z.enum(INCIDENT_TIMELINE_EVENTS) })),
  /** Not-closed tickets of its subgroup without an incident, reported since shortly before it began. */
  suggested_tickets: z.array(ticketListItemSchema),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

export const incidentReplySchema = z.object({ data: incidentSchema });
export type IncidentReply = z.infer<typeof incidentReplySchema>;
/** Reply of PATCH /incidents/{id}: what was done, and the incident as stored. */
export const incidentUpdateReplySchema = z.object({ message: z.string(), data: incidentSchema });
export type IncidentUpdateReply = z.infer<typeof incidentUpdateReplySchema>;
export const incidentDetailReplySchema = z.object({ data: incidentDetailSchema });
export type IncidentDetailReply = z.infer<typeof incidentDetailReplySchema>;

export const incidentListReplySchema = z.object({
  data: z.array(incidentSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type IncidentListReply = z.infer<typeof incidentListReplySchema>;

/** Replies of link, unlink and resolve: what changed, in numbers a person can read back. */
export const incidentChangeReplySchema = z.object({
  message: z.string(),
  data: incidentSchema,
  /** Tickets this request linked, unlinked or resolved. */
  affected: z.number().int(),
});
export type IncidentChangeReply = z.infer<typeof incidentChangeReplySchema>;

export const incidentSuggestionSchema = z.object({
  group_id: z.string().nullable(),
  group_name: z.string(),
  sub_group_id: z.string(),
  sub_group_name: z.string().nullable(),
  sub_group_name_bn: z.string().nullable(),
  ticket_count: z.number().int(),
  /** When the oldest of the tickets was reported. */
  since: z.string(),
  /** Oldest first, at most INCIDENT_MAX_TICKETS_PER_REQUEST. */
  ticket_ids: z.array(z.number().int()),
});
export type IncidentSuggestion = z.infer<typeof incidentSuggestionSchema>;

/** GET /incidents/suggestions; the window and threshold let the banner say what it counts. */
export const incidentSuggestionsReplySchema = z.object({
  data: z.array(incidentSuggestionSchema),
  window_minutes: z.number().int(),
  threshold: z.number().int(),
});
export type IncidentSuggestionsReply = z.infer<typeof incidentSuggestionsReplySchema>;

/** GET /incidents/public-notes (no login). */
export const publicNotesQuerySchema = z.object({ sub_group_id: optionalQuery(uuidSchema) });
export const publicNoteSchema = z.object({ sub_group_id: z.string().nullable(), public_note: z.string(), since: z.string() });
export type PublicNote = z.infer<typeof publicNoteSchema>;
export const publicNotesReplySchema = z.object({ data: z.array(publicNoteSchema) });
export type PublicNotesReply = z.infer<typeof publicNotesReplySchema>;
