/**
 * Merging one customer's duplicate tickets (DESIGN.md §27): the source's conversation moves to the
 * target, the source is closed with `merged_into`. Many customers' tickets about one fault belong in
 * an incident (§14), not a merge.
 */
import { z } from 'zod';
import { ticketIdSchema } from './common.schemas.ts';
import { ISSUED_TO_VALUES, TICKET_STATUSES } from './constants.ts';
import { msg } from './messages.ts';

/** POST /tickets/{id}/merge: the ticket of the path (the source) goes into `into_ticket_id`. */
export const mergeTicketBodySchema = z.object({ into_ticket_id: ticketIdSchema });
export type MergeTicketBody = z.infer<typeof mergeTicketBodySchema>;

export const mergeTicketReplySchema = z.object({
  message: z.string(),
  data: z.object({ ticket_id: z.number().int(), merged_into: z.number().int() }),
});
export type MergeTicketReply = z.infer<typeof mergeTicketReplySchema>;

/** Candidates one search returns. */
export const MERGE_CANDIDATES_MAX = 20;
/** Characters of the candidates' search text (a ticket id or words of a title). */
export const MERGE_SEARCH_MAX_LENGTH = 100;

/**
 * GET /tickets/{id}/merge-candidates?q=: the unsolved tickets the source may go into — of the same
 * issuer or the same problematic number, not the source, not merged — newest first, at most
 * MERGE_CANDIDATES_MAX; `q` narrows them by ticket id or title.
 */
export const mergeCandidatesQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string(msg('merge.search'))
      .trim()
      .max(MERGE_SEARCH_MAX_LENGTH, msg('merge.searchTooLong', { max: MERGE_SEARCH_MAX_LENGTH }))
      .optional(),
  ),
});
export type MergeCandidatesQuery = z.infer<typeof mergeCandidatesQuerySchema>;

export const mergeCandidateSchema = z.object({
  ticket_id: z.number().int(),
  title: z.string(),
  problematic_number: z.string(),
  issued_to: z.enum(ISSUED_TO_VALUES),
  ticket_status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  /** Whether it is the source's issuer's own (else it shares only the problematic number). */
  same_issuer: z.boolean(),
});
export type MergeCandidate = z.infer<typeof mergeCandidateSchema>;

export const mergeCandidatesReplySchema = z.object({ data: z.array(mergeCandidateSchema) });
export type MergeCandidatesReply = z.infer<typeof mergeCandidatesReplySchema>;
