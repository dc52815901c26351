/** Request and reply schemas of the comments endpoints (the contract between web and server). */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from './constants.ts';
import { attachmentUrlsSchema } from './storage.schemas.ts';

/** Line breaks of any platform become \n (spec §5), so length and display agree everywhere. */
export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** A comment as a ticket reply carries it. Staff names reach agents and customers as 'customer support'. */
export const commentSchema = z.object({
  id: z.string(),
  commenter_name: z.string(),
  created_at: z.string(),
  message: z.string(),
  attachments: z.array(z.string()),
  is_internal: z.boolean(),
});
export type TicketComment = z.infer<typeof commentSchema>;

/** A comment message: line breaks normalised, trimmed, not blank, at most COMMENT_MAX_LENGTH. */
export const commentMessageSchema = z
  .string('Write a comment first')
  .transform(normaliseLineBreaks)
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'Write a comment first')
      .max(COMMENT_MAX_LENGTH, `A comment has at most ${COMMENT_MAX_LENGTH} characters`),
  );

/**
 * POST /tickets/add-comment. Agents and customers always write external comments: for them
 * the server stores `is_internal: false` whatever they send (the spec's form sends false).
 */
export const addCommentBodySchema = z.object({
  ticket_id: z.coerce.number('Ticket id is a number').int('Ticket id is a number').min(1, 'Ticket id is a number'),
  message: commentMessageSchema,
  is_internal: z.boolean().default(false),
  attachments: attachmentUrlsSchema.default([]),
});
export type AddCommentBody = z.infer<typeof addCommentBodySchema>;
/** What the form sends (is_internal and attachments may be left out). */
export type AddCommentInput = z.input<typeof addCommentBodySchema>;

export const addCommentReplySchema = z.object({ message: z.string() });
export type AddCommentReply = z.infer<typeof addCommentReplySchema>;
