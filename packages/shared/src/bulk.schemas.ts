/**
 * Request and reply schemas of bulk actions (DESIGN.md §30): staff act on up to
 * BULK_MAX_TICKETS tickets in one request, each ticket checked and changed as if acted on alone.
 */
import { z } from 'zod';
import { DEPARTMENTS } from './constants.ts';
import { ticketIdSchema, uuidSchema } from './common.schemas.ts';
import { forwardCauseSchema } from './forwarding.schemas.ts';
import { incidentIdSchema } from './incidents.schemas.ts';
import { msg } from './messages.ts';
import { ticketPrioritySchema } from './priority.schemas.ts';

/**
 * Tickets one bulk request may change: what a person can check in a list before confirming, and
 * few enough that one request stays a few short transactions (the same bound as linking to an
 * incident).
 */
export const BULK_MAX_TICKETS = 200;

/**
 * Tickets the server changes in one transaction of a bulk request (each ticket in a savepoint of
 * its own): few enough that the rows stay locked briefly, many enough that a request of 200 pays
 * for eight commits rather than 200.
 */
export const BULK_BATCH_SIZE = 25;

/** The tickets of a bulk request: 1 to BULK_MAX_TICKETS ids, each once. */
export const bulkTicketIdsSchema = z
  .array(ticketIdSchema, msg('bulk.ticketsRequired'))
  .min(1, msg('bulk.ticketsRequired'))
  .max(BULK_MAX_TICKETS, msg('bulk.tooManyTickets', { max: BULK_MAX_TICKETS }))
  .refine((ids) => new Set(ids).size === ids.length, msg('bulk.duplicateTickets'));

/**
 * The actions, each with its own fields; one entry per action. Forward takes no
 * `previously_issued_to`: a selection may span holders (every ticket matching a filter), so each
 * ticket is forwarded from the holder it has when it is locked, by the single forward's rules.
 * Assign takes no expected assignee for the same reason.
 */
const bulkForwardSchema = z.object({
  action: z.literal('forward'),
  ticket_ids: bulkTicketIdsSchema,
  newly_issued_to: z.enum(DEPARTMENTS, msg('forwarding.chooseTarget')),
  forward_cause: forwardCauseSchema,
  is_in_forward_loop: z.boolean(msg('forwarding.stayInLoop')).default(false),
});
const bulkResolveSchema = z.object({ action: z.literal('resolve'), ticket_ids: bulkTicketIdsSchema });
const bulkAssignSchema = z.object({
  action: z.literal('assign'),
  ticket_ids: bulkTicketIdsSchema,
  /** The staff member to take the tickets, or null to release them. */
  user_id: uuidSchema.nullable(),
});
const bulkPrioritySchema = z.object({
  action: z.literal('priority'),
  ticket_ids: bulkTicketIdsSchema,
  priority: ticketPrioritySchema,
});
const bulkIncidentSchema = z.object({
  action: z.literal('incident'),
  ticket_ids: bulkTicketIdsSchema,
  incident_id: incidentIdSchema,
});

/** POST /tickets/bulk. */
export const bulkActionBodySchema = z.discriminatedUnion(
  'action',
  [bulkForwardSchema, bulkResolveSchema, bulkAssignSchema, bulkPrioritySchema, bulkIncidentSchema],
  msg('bulk.chooseAction'),
);
export type BulkActionBody = z.infer<typeof bulkActionBodySchema>;
export type BulkActionInput = z.input<typeof bulkActionBodySchema>;
export type BulkAction = BulkActionBody['action'];
export const BULK_ACTIONS = bulkActionBodySchema.options.map((option) => option.shape.action.value);

/** A ticket the action was refused for, with the single endpoint's message in the request's language. */
export const bulkRefusalSchema = z.object({ ticket_id: z.number().int(), message: z.string(), code: z.string() });
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

/** The tickets changed and the tickets refused, each by ascending id. */
export const bulkActionReplySchema = z.object({
  data: z.object({ done: z.array(z.number().int()), refused: z.array(bulkRefusalSchema) }),
});
export type BulkActionReply = z.infer<typeof bulkActionReplySchema>;
