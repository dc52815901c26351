import { z } from 'zod';
import { STORED_PHONE_NUMBER, STORED_PRODUCT_NUMBER } from './numbers.ts';

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
