/**
 * Erasure of a number's personal data (DESIGN.md §29): POST /numbers/{number}/erase with the number
 * typed again. Who may is in operations-permissions.ts.
 */
import { z } from 'zod';
import { msg } from './messages.ts';
import { COUNTRY_PREFIX, STORED_PHONE_NUMBER } from './numbers.ts';

/** What a number may be typed as at most (spaces and dashes included). */
export const ERASURE_NUMBER_MAX_LENGTH = 40;

/** The stored form (880…) of a number typed as 0…, 880… or +880…, spaces and dashes ignored. */
export function storedNumberOf(typed: string): string {
  const digits = typed.replace(/[\s-]/g, '').replace(/^\+/, '');
  return digits.startsWith('0') ? `${COUNTRY_PREFIX}${digits}` : digits;
}

/** A number as typed, turned into its stored form, refused unless it is a whole number. */
const erasureNumberSchema = z
  .string(msg('erasure.number'))
  .max(ERASURE_NUMBER_MAX_LENGTH, msg('erasure.number'))
  .transform(storedNumberOf)
  .pipe(z.string().regex(STORED_PHONE_NUMBER, msg('erasure.number')));

export const erasureParamsSchema = z.object({ number: erasureNumberSchema });
export type ErasureParams = z.infer<typeof erasureParamsSchema>;

/** The number typed a second time; the server compares the two stored forms. */
export const erasureBodySchema = z.object({ confirm: erasureNumberSchema });
export type ErasureBody = z.infer<typeof erasureBodySchema>;

/** How many rows of each kind lost the number's personal data. */
export const erasureCountsSchema = z.object({
  tickets: z.number().int(),
  comments: z.number().int(),
  users: z.number().int(),
  subscribers: z.number().int(),
});
export type ErasureCounts = z.infer<typeof erasureCountsSchema>;

export const erasureReplySchema = z.object({ message: z.string(), data: erasureCountsSchema });
export type ErasureReply = z.infer<typeof erasureReplySchema>;
