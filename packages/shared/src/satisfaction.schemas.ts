/**
 * Customer satisfaction (DESIGN.md §25): after a resolve the issuer is asked once, by SMS (a digit
 * 1–5 in answer) and by e-mail (five one-tap links to the public page `/rate?t=…`). The token of
 * a link is signed, names one ticket, lasts RATING_LINK_DAYS and gives one rating.
 */
import { z } from 'zod';
import { DEPARTMENTS, RATING_MAX, RATING_MIN } from './constants.ts';
import { msg } from './messages.ts';

/** How long an e-mailed rating link works, from the moment the question was sent. */
export const RATING_LINK_DAYS = 7;
/** How long after the question an SMS digit still rates the ticket; later it is an ordinary message. */
export const RATING_SMS_ANSWER_DAYS = 3;
/** After rating by link, the person may add a comment for this long (the link itself is spent). */
export const RATING_COMMENT_WINDOW_MINUTES = 60;
export const RATING_COMMENT_MAX_LENGTH = 1000;
/** A link's token: `<ticket>.<expiry>.<signature>` in base64url, well under this. */
export const RATING_TOKEN_MAX_LENGTH = 200;

export const ratingScoreSchema = z
  .number(msg('satisfaction.score', { min: RATING_MIN, max: RATING_MAX }))
  .int(msg('satisfaction.score', { min: RATING_MIN, max: RATING_MAX }))
  .min(RATING_MIN, msg('satisfaction.score', { min: RATING_MIN, max: RATING_MAX }))
  .max(RATING_MAX, msg('satisfaction.score', { min: RATING_MIN, max: RATING_MAX }));

const ratingTokenSchema = z
  .string(msg('satisfaction.tokenMissing'))
  .min(1, msg('satisfaction.tokenMissing'))
  .max(RATING_TOKEN_MAX_LENGTH, msg('satisfaction.tokenMissing'))
  .regex(/^[\w.-]+$/, msg('satisfaction.tokenMissing'));

/** POST /public/ratings: the tap of one of the e-mail's five links. No cookie, no sign-in. */
export const rateBodySchema = z.strictObject({ token: ratingTokenSchema, score: ratingScoreSchema });
export type RateBody = z.infer<typeof rateBodySchema>;

/** `comment_until`: the rating took; a comment may follow until then (null when one was given). */
export const rateReplySchema = z.object({
  message: z.string(),
  data: z.object({ ticket_id: z.number().int(), score: ratingScoreSchema, comment_until: z.string().nullable() }),
});
export type RateReply = z.infer<typeof rateReplySchema>;

/** POST /public/ratings/comment: the optional words after the tap, with the same link's token, once. */
export const rateCommentBodySchema = z.strictObject({
  token: ratingTokenSchema,
  comment: z
    .string(msg('satisfaction.commentRequired'))
    .trim()
    .min(1, msg('satisfaction.commentRequired'))
    .max(RATING_COMMENT_MAX_LENGTH, msg('satisfaction.commentTooLong', { max: RATING_COMMENT_MAX_LENGTH })),
});
export type RateCommentBody = z.infer<typeof rateCommentBodySchema>;

export const rateCommentReplySchema = z.object({ message: z.string(), data: z.object({ ticket_id: z.number().int() }) });
export type RateCommentReply = z.infer<typeof rateCommentReplySchema>;

/**
 * The dashboard's satisfaction (DESIGN.md §25): the ratings given in the period, by the department
 * that held the ticket when it was rated (every department, zeros too); `satisfied` counts 4 and 5,
 * `low` 1 and 2. `share` is satisfied ÷ rated (null without a rating).
 */
export const satisfactionRowSchema = z.object({
  department: z.enum(DEPARTMENTS),
  rated: z.number().int(),
  satisfied: z.number().int(),
  low: z.number().int(),
  share: z.number().nullable(),
});
export type SatisfactionRow = z.infer<typeof satisfactionRowSchema>;
