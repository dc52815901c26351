/** Request and reply schemas of the users endpoints (the contract between web and server). */
import { z } from 'zod';
import { NAME_MAX_LENGTH, ROLES, USER_SEARCH_MAX_LENGTH, USER_TYPES } from './constants.ts';
import { pageNumberQuery, phoneNumberSchema, productNumberSchema } from './common.schemas.ts';
import { msg } from './messages.ts';

const userNameSchema = z
  .string()
  .trim()
  .min(1, msg('users.nameRequired'))
  .max(NAME_MAX_LENGTH, msg('users.nameTooLong', { max: NAME_MAX_LENGTH }));

const userTypeSchema = z.enum(USER_TYPES, msg('users.chooseUserType'));
const roleSchema = z.enum(ROLES, msg('users.chooseRole'));

/** POST /users/signup: every field is required; both numbers are stored with the 88 prefix. */
export const signupBodySchema = z.object({
  name: userNameSchema,
  product_number: productNumberSchema,
  phone_number: phoneNumberSchema,
  user_type: userTypeSchema,
  role: roleSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/**
 * PUT /users/{id}. The spec's client also sends `created_at`; it is accepted and ignored, because
 * the creation time is a fact about the record, not an editable field.
 */
export const updateUserBodySchema = z.object({
  name: userNameSchema,
  product_number: productNumberSchema,
  user_type: userTypeSchema,
  role: roleSchema,
  phone_number: phoneNumberSchema.optional(),
  created_at: z.unknown().optional().describe('Ignored: the creation time is not writable'),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** A user as the admin screens see it. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  product_number: z.string(),
  phone_number: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Query of GET /users: the 1-based page (10 per page) and an optional search `q` matching part of
 * the name (any case) or of the number, typed in any form (0963…, 88…, +88…). Blank means none.
 */
export const userListQuerySchema = z.object({
  page: pageNumberQuery(),
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .string()
      .max(USER_SEARCH_MAX_LENGTH, msg('users.searchTooLong', { max: USER_SEARCH_MAX_LENGTH }))
      .optional(),
  ),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/**
 * A page of live users, newest first: total matches, total_pages = ceil(total / 10) (0 when
 * empty), previous_page / next_page null at the ends.
 */
export const userListReplySchema = z.object({
  data: z.array(userSchema),
  total: z.number().int(),
  /** `total` is the planner's estimate: more than 10,000 users match (the footer reads "about"). */
  total_is_estimate: z.boolean().optional(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type UserListReply = z.infer<typeof userListReplySchema>;

/** Reply of signup and edit: the server's message and the user as stored. */
export const userWriteReplySchema = z.object({ message: z.string(), data: userSchema });
export type UserWriteReply = z.infer<typeof userWriteReplySchema>;

/** How many users the lookup returns at most. */
export const USER_LOOKUP_LIMIT = 20;

/** GET /users/lookup?q=&user_type=: the helper behind user pickers (the report form). */
export const userLookupQuerySchema = z.object({
  q: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  user_type: userTypeSchema.optional(),
});
export type UserLookupQuery = z.infer<typeof userLookupQuerySchema>;

/** A lookup match: only what a picker needs. */
export const userLookupItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  product_number: z.string(),
  user_type: z.enum(USER_TYPES),
});
export type UserLookupItem = z.infer<typeof userLookupItemSchema>;

export const userLookupReplySchema = z.object({ data: z.array(userLookupItemSchema) });
export type UserLookupReply = z.infer<typeof userLookupReplySchema>;
