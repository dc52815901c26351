import { z } from 'zod';
import { isCalendarDay } from './calendar.ts';
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
export const calendarDaySchema = z.string().trim().refine(isCalendarDay, 'Use a date as yyyy-MM-DD');

/** A stored product number: 88096 followed by 8 digits. */
export const productNumberSchema = z
  .string()
  .trim()
  .regex(STORED_PRODUCT_NUMBER, 'Enter a valid number: 096 followed by 8 digits');

/** A stored phone number: 880 followed by 10 digits. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(STORED_PHONE_NUMBER, 'Enter a valid phone number: 0 followed by 10 digits');

export const uuidSchema = z.uuid('Not a valid id');

const TICKET_ID_MESSAGE = 'Ticket id is a number';

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
  .string('Please enter a valid email address')
  .trim()
  .max(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Please enter a valid email address'));

/** Path parameter `{id}` of a uuid entity. */
export const idParamsSchema = z.object({ id: uuidSchema });

/** `{page}` of the paged lists: 1-based. */
export const pageParamsSchema = z.object({
  page: z.coerce.number().int().min(1, 'Page starts at 1').max(1_000_000),
});

export const messageReplySchema = z.object({ message: z.string() });

export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
