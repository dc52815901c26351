import { z } from 'zod';
import { isCalendarDay } from './calendar.ts';
import { msg } from './messages.ts';
import { STORED_PHONE_NUMBER, STORED_PRODUCT_NUMBER } from './numbers.ts';

/** Line breaks of any platform become \n (spec §5), so length and display agree everywhere. */
export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * Text a person writes over several lines (a description, a comment, a cause): line breaks
 * normalised, then trimmed; at most `max` characters, and not blank when `required` says why.
 */
export function multilineText({ required, max, tooLong }: { required?: string; max: number; tooLong: string }) {
  const text = z.string().trim().max(max, tooLong);
  return z
    .string(required)
    .transform(normaliseLineBreaks)
    .pipe(required === undefined ? text : text.min(1, required));
}

/** Empty query values (`?group_id=`, null) mean "not given", as the cleared controls of a screen send them. */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

/** A calendar day of the provider, yyyy-MM-DD (spec §9). */
export const calendarDaySchema = z.string().trim().refine(isCalendarDay, msg('common.dateFormat'));

/** A stored product number: 88096 followed by 8 digits. */
export const productNumberSchema = z.string().trim().regex(STORED_PRODUCT_NUMBER, msg('common.productNumber'));

/** A stored phone number: 880 followed by 10 digits. */
export const phoneNumberSchema = z.string().trim().regex(STORED_PHONE_NUMBER, msg('common.phoneNumber'));

export const uuidSchema = z.uuid(msg('common.id'));

const TICKET_ID_MESSAGE = msg('common.ticketId');

/**
 * A ticket id wherever one is read: a JSON integer in a body, or a string of decimal digits in a
 * path or query. Nothing else is coerced: no hex (`0x186a1`), exponent (`100.108e3`), sign, blank
 * or array (`[id]`), and nothing past the largest integer a JSON number holds exactly.
 */
export const ticketIdSchema = z
  .union(
    [
      z.number(TICKET_ID_MESSAGE),
      z
        .string(TICKET_ID_MESSAGE)
        .regex(/^\d{1,16}$/, TICKET_ID_MESSAGE)
        .transform(Number),
    ],
    {
      error: TICKET_ID_MESSAGE,
    },
  )
  .pipe(z.number().int(TICKET_ID_MESSAGE).min(1, TICKET_ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, TICKET_ID_MESSAGE));

/** The longest address SMTP carries (RFC 5321: a 256-octet path minus its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** An e-mail address as a person types it: trimmed, one address, at most 254 characters. */
export const emailSchema = z
  .string(msg('common.email'))
  .trim()
  .max(EMAIL_MAX_LENGTH, msg('common.emailTooLong', { max: EMAIL_MAX_LENGTH }))
  .pipe(z.email(msg('common.email')));

/** Path parameter `{id}` of a uuid entity. */
export const idParamsSchema = z.object({ id: uuidSchema });

/** `?page=` of the paged lists: 1-based, the first page when absent or empty. */
export const pageNumberQuery = () =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number(msg('common.pageNumber'))
      .int(msg('common.pageNumber'))
      .min(1, msg('common.pageStart'))
      .max(1_000_000)
      .default(1),
  );

/** `{page}` of the paged lists: 1-based. */
export const pageParamsSchema = z.object({
  page: z.coerce.number().int().min(1, msg('common.pageStart')).max(1_000_000),
});

/** The page fields of a paged list's reply, beside its `data`. */
export const pageReplyFields = {
  total: z.number().int(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
};

export const messageReplySchema = z.object({ message: z.string() });

export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
