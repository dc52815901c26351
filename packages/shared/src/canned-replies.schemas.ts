/** Request and reply schemas of the canned replies (DESIGN.md §19): ready answers staff insert into a comment. */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, DEPARTMENTS } from './constants.ts';
import { msg, type ValidationMessageKey } from './messages.ts';
import { normaliseLineBreaks, pageNumberQuery, uuidSchema } from './common.schemas.ts';
import { isAutomaticCustomerName } from './numbers.ts';

/** The longest title: a line in the picker and the list. */
export const CANNED_REPLY_TITLE_MAX_LENGTH = 200;
/** A body becomes a comment, so it is never longer than one. */
export const CANNED_REPLY_BODY_MAX_LENGTH = COMMENT_MAX_LENGTH;
/** The search of the list and the picker: up to 100 characters of a title or an English or Bangla body. */
export const CANNED_REPLY_SEARCH_MAX_LENGTH = 100;

/** The placeholders a body may hold, filled from the ticket when the reply is inserted. */
export const CANNED_REPLY_PLACEHOLDERS = ['{ticket_id}', '{customer_name}', '{number}'] as const;

/** The messages of one body: when it is missing, and when it is too long. */
interface BodyMessages {
  required: ValidationMessageKey;
  tooLong: ValidationMessageKey;
}

function bodySchema(messages: BodyMessages, required: boolean) {
  const text = z
    .string()
    .trim()
    .max(CANNED_REPLY_BODY_MAX_LENGTH, msg(messages.tooLong, { max: CANNED_REPLY_BODY_MAX_LENGTH }));
  return z
    .string(msg(messages.required))
    .transform(normaliseLineBreaks)
    .pipe(required ? text.min(1, msg(messages.required)) : text);
}

/** POST /canned-replies and PUT /canned-replies/{id}. Blank Bangla falls back to English when inserted. */
export const cannedReplyBodySchema = z.object({
  title: z
    .string(msg('canned-replies.titleRequired'))
    .trim()
    .min(1, msg('canned-replies.titleRequired'))
    .max(CANNED_REPLY_TITLE_MAX_LENGTH, msg('canned-replies.titleTooLong', { max: CANNED_REPLY_TITLE_MAX_LENGTH })),
  body_en: bodySchema({ required: 'canned-replies.englishRequired', tooLong: 'canned-replies.englishTooLong' }, true),
  body_bn: bodySchema({ required: 'canned-replies.banglaRequired', tooLong: 'canned-replies.banglaTooLong' }, false).default(''),
  /** A department's reply, or null: shared by every department (admins only). */
  department: z.enum(DEPARTMENTS, msg('canned-replies.department')).nullable(),
});
export type CannedReplyBody = z.infer<typeof cannedReplyBodySchema>;
export type CannedReplyInput = z.input<typeof cannedReplyBodySchema>;

/** GET /canned-replies?q=&page=: the replies the viewer may use, by title, 10 per page. */
export const cannedReplyListQuerySchema = z.object({
  q: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string(msg('canned-replies.searchText'))
      .trim()
      .max(CANNED_REPLY_SEARCH_MAX_LENGTH, msg('canned-replies.searchTooLong', { max: CANNED_REPLY_SEARCH_MAX_LENGTH }))
      .optional(),
  ),
  page: pageNumberQuery(),
});
export type CannedReplyListQuery = z.infer<typeof cannedReplyListQuerySchema>;

export const cannedReplyParamsSchema = z.object({ id: uuidSchema });

export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body_en: z.string(),
  body_bn: z.string(),
  department: z.enum(DEPARTMENTS).nullable(),
  created_by_name: z.string().nullable(),
  updated_at: z.string(),
  /** Whether the viewer may edit and delete it (the list mirrors the rule of the server). */
  can_manage: z.boolean(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const cannedReplyReplySchema = z.object({ data: cannedReplySchema });
export type CannedReplyReply = z.infer<typeof cannedReplyReplySchema>;

export const cannedReplyListReplySchema = z.object({
  data: z.array(cannedReplySchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type CannedReplyListReply = z.infer<typeof cannedReplyListReplySchema>;

/** The body in the reader's language: Bangla when asked for and written, English otherwise. */
export function cannedReplyText(reply: Pick<CannedReply, 'body_en' | 'body_bn'>, lang: string): string {
  return lang === 'bn' && reply.body_bn.trim() !== '' ? reply.body_bn : reply.body_en;
}

/** What the placeholders of a body stand for on one ticket. */
export interface CannedReplyValues {
  ticket_id: number;
  /** The issuer's name; blank when the ticket has none (the public form). */
  customer_name: string | null | undefined;
  /** The problematic number as stored (880…); shown as +880…. */
  number: string;
}

/**
 * Fills `{ticket_id}`, `{customer_name}` and `{number}`; anything else in braces stays as written. A
 * ticket without an issuer's name, or whose issuer still has the automatic name of a first sign-in
 * (a number), is greeted with `unnamed` (the reader's word for "customer").
 */
export function fillCannedReply(body: string, values: CannedReplyValues, unnamed = 'customer'): string {
  const number = values.number.startsWith('+') ? values.number : `+${values.number}`;
  const name = values.customer_name?.trim() ?? '';
  const filled: Record<string, string> = {
    '{ticket_id}': String(values.ticket_id),
    '{customer_name}': name === '' || isAutomaticCustomerName(name) ? unnamed : name,
    '{number}': number,
  };
  return body.replace(/\{(ticket_id|customer_name|number)\}/g, (placeholder) => filled[placeholder] ?? placeholder);
}
