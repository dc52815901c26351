/** Request and reply schemas of the comments endpoints (the contract between web and server). */
import { z } from 'zod';
import { multilineText, ticketIdSchema } from './common.schemas.ts';
import { COMMENT_MAX_LENGTH, COMMENT_SOURCES } from './constants.ts';
import { msg } from './messages.ts';
import { attachmentUrlsSchema } from './storage.schemas.ts';

/** A comment as a ticket reply carries it. Staff names reach agents and customers as 'customer support'. */
export const commentSchema = z.object({
  id: z.string(),
  commenter_name: z.string(),
  created_at: z.string(),
  message: z.string(),
  attachments: z.array(z.string()),
  is_internal: z.boolean(),
  /** How it reached the desk: staff see "by SMS" / "by e-mail" on the issuer's answers (DESIGN.md §24). */
  source: z.enum(COMMENT_SOURCES),
  /** The ticket it was written on, when a merge moved it here (DESIGN.md §27): "from ticket N". */
  from_ticket_id: z.number().int().nullable().optional(),
});
export type TicketComment = z.infer<typeof commentSchema>;

/** How many comments a ticket reply carries, and how many each earlier page brings. */
export const COMMENTS_PAGE_SIZE = 50;

/** Query of GET /tickets/{id}/comments: the comments before this one (absent: the newest ones). */
export const commentsPageQuerySchema = z.object({
  before: z.preprocess((value) => (value === '' ? undefined : value), z.uuid(msg('comments.notOfTicket')).optional()),
});
export type CommentsPageQuery = z.infer<typeof commentsPageQuerySchema>;

/**
 * GET /tickets/{id}/comments?before={comment_id}: up to COMMENTS_PAGE_SIZE comments the viewer may
 * see that were written before that comment, oldest first (the order of the ticket reply);
 * has_more says whether still earlier ones exist.
 */
export const commentsPageReplySchema = z.object({
  data: z.array(commentSchema),
  has_more: z.boolean(),
});
export type CommentsPageReply = z.infer<typeof commentsPageReplySchema>;

/** A comment message: line breaks normalised, trimmed, not blank, at most COMMENT_MAX_LENGTH. */
export const commentMessageSchema = multilineText({
  required: msg('comments.messageRequired'),
  max: COMMENT_MAX_LENGTH,
  tooLong: msg('comments.messageTooLong', { max: COMMENT_MAX_LENGTH }),
});

/**
 * POST /tickets/add-comment. Agents and customers always write external comments: for them
 * the server stores `is_internal: false` whatever they send (the spec's form sends false).
 */
export const addCommentBodySchema = z
  .object({
    ticket_id: ticketIdSchema,
    message: commentMessageSchema,
    is_internal: z.boolean().default(false),
    attachments: attachmentUrlsSchema.default([]),
    /**
     * Staff only (DESIGN.md §26): the reply asks the issuer something, and the ticket's clock stops
     * until the issuer answers. Only an external reply can wait.
     */
    wait_for_customer: z.boolean().default(false),
    /**
     * The newest comment the writer had seen when they sent it (its created_at; the ticket's when it
     * had none). When somebody else has written since, the comment is refused with 409
     * `comments.repliedMeanwhile` (DESIGN.md §27) and the form shows theirs; sending again with the
     * newer time sends it. Absent: no such check (the API's callers, SMS and e-mail).
     */
    seen_until: z.iso
      .datetime({ offset: true, message: msg('comments.seenUntil') })
      // Of any precision, yet bounded: `2026-11-27T21:21:18.123456+06:00` is 32 characters.
      .max(40, msg('comments.seenUntil'))
      .optional(),
  })
  .refine((body) => !(body.wait_for_customer && body.is_internal), {
    message: msg('comments.waitNeedsExternal'),
    path: ['wait_for_customer'],
  });
export type AddCommentBody = z.infer<typeof addCommentBodySchema>;
/** What the form sends (is_internal and attachments may be left out). */
export type AddCommentInput = z.input<typeof addCommentBodySchema>;

export const addCommentReplySchema = z.object({ message: z.string() });
export type AddCommentReply = z.infer<typeof addCommentReplySchema>;
