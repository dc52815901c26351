/**
 * Tags (DESIGN.md §27): staff's own words on a ticket ("onu swap"), to find tickets by. Never in a
 * customer's or agent's reply. A tag is text, never markup.
 */
import { z } from 'zod';
import { TAG_MAX_LENGTH } from './constants.ts';
import { msg } from './messages.ts';

export const TAGS_PER_TICKET_MAX = 10;
/** Suggestions one lookup returns. */
export const TAG_SUGGESTIONS_MAX = 20;

/** Control characters, and the comma that would read as two tags. */
const NOT_IN_A_TAG = /[\p{Cc}\p{Cf},]/u;

/** A tag: trimmed, inner whitespace one space, lower case; 1–TAG_MAX_LENGTH characters. */
export const tagSchema = z
  .string(msg('tags.tag'))
  .transform((value) => value.trim().replace(/\s+/gu, ' ').toLocaleLowerCase())
  .pipe(
    z
      .string()
      .min(1, msg('tags.tagRequired'))
      .max(TAG_MAX_LENGTH, msg('tags.tagTooLong', { max: TAG_MAX_LENGTH }))
      .refine((value) => !NOT_IN_A_TAG.test(value), msg('tags.tagCharacters')),
  );

/**
 * PUT /tickets/{id}/tags: the ticket's tags from now on (an empty list removes them all), at most
 * TAGS_PER_TICKET_MAX as sent; a tag sent twice is kept once.
 */
export const setTicketTagsBodySchema = z.object({
  tags: z
    .array(tagSchema, msg('tags.tags'))
    .max(TAGS_PER_TICKET_MAX, msg('tags.tooMany', { max: TAGS_PER_TICKET_MAX }))
    .transform((tags) => [...new Set(tags)]),
});
export type SetTicketTagsBody = z.infer<typeof setTicketTagsBodySchema>;
export type SetTicketTagsInput = z.input<typeof setTicketTagsBodySchema>;

export const ticketTagsReplySchema = z.object({ message: z.string(), data: z.array(z.string()) });
export type TicketTagsReply = z.infer<typeof ticketTagsReplySchema>;

/** GET /tags?q=: the tags in use that begin with `q` (all when absent), most used first. */
export const tagSuggestionsQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string(msg('tags.tag'))
      .transform((value) => value.trim().toLocaleLowerCase())
      .pipe(z.string().max(TAG_MAX_LENGTH, msg('tags.tagTooLong', { max: TAG_MAX_LENGTH })))
      .optional(),
  ),
});
export type TagSuggestionsQuery = z.infer<typeof tagSuggestionsQuerySchema>;

export const tagSuggestionSchema = z.object({ tag: z.string(), tickets: z.number().int() });
export const tagSuggestionsReplySchema = z.object({ data: z.array(tagSuggestionSchema) });
export type TagSuggestionsReply = z.infer<typeof tagSuggestionsReplySchema>;
