/** Request and reply schemas of the forwarding endpoints (the contract between web and server). */
import { z } from 'zod';
import { DEPARTMENTS, ISSUED_TO_VALUES } from './constants.ts';
import { multilineText, ticketIdSchema } from './common.schemas.ts';
import { msg } from './messages.ts';

/** The longest cause of a forward: a few paragraphs, as a handover note is. */
export const FORWARD_CAUSE_MAX_LENGTH = 2000;

/** Why a ticket is forwarded (spec §5: required): line breaks normalised, trimmed, not blank. */
export const forwardCauseSchema = multilineText({
  required: msg('forwarding.causeRequired'),
  max: FORWARD_CAUSE_MAX_LENGTH,
  tooLong: msg('forwarding.causeTooLong', { max: FORWARD_CAUSE_MAX_LENGTH }),
});

/**
 * POST /tickets/forward-ticket (spec §7). `previously_issued_to` is the holder the sender's page
 * showed; when the stored holder differs, the server answers 409 so that nobody forwards a ticket
 * they are not looking at. Which targets a viewer may choose is `forwardTargetsFor` (permissions).
 * A solved ticket is forwarded only as the second step of Resolve & Forward to cc.
 */
export const forwardTicketBodySchema = z.object({
  ticket_id: ticketIdSchema,
  previously_issued_to: z.enum(ISSUED_TO_VALUES, msg('tickets.unknownDepartment')),
  newly_issued_to: z.enum(DEPARTMENTS, msg('forwarding.chooseTarget')),
  forward_cause: forwardCauseSchema,
  is_in_forward_loop: z.boolean(msg('forwarding.stayInLoop')).default(false),
});
export type ForwardTicketBody = z.infer<typeof forwardTicketBodySchema>;
/** What the form sends (is_in_forward_loop may be left out). */
export type ForwardTicketInput = z.input<typeof forwardTicketBodySchema>;

/** POST /tickets/resolve-ticket (spec §7). */
export const resolveTicketBodySchema = z.object({ ticket_id: ticketIdSchema });
export type ResolveTicketBody = z.infer<typeof resolveTicketBodySchema>;

/** Both replies carry the spec's toast text (`forwarding.forwarded`, `tickets.resolved`). */
export const workflowReplySchema = z.object({ message: z.string() });
export type WorkflowReply = z.infer<typeof workflowReplySchema>;
