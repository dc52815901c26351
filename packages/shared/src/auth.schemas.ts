import { z } from 'zod';
import { OTP_LENGTH, ROLES, USER_TYPES } from './constants.ts';
import { productNumberSchema } from './common.schemas.ts';
import { msg } from './messages.ts';
import { COUNTRY_PREFIX, STORED_PRODUCT_NUMBER } from './numbers.ts';

/** The captcha (ALTCHA) solution, base64 JSON produced by the widget. */
export const captchaTokenSchema = z.string().min(1, msg('auth.botCheckMissing')).max(10_000);

export const generateOtpBodySchema = z.object({
  product_number: productNumberSchema,
  token: captchaTokenSchema,
});
export type GenerateOtpBody = z.infer<typeof generateOtpBodySchema>;

export const loginBodySchema = z.object({
  product_number: productNumberSchema,
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), msg('auth.otpDigits', { digits: OTP_LENGTH })),
  token: captchaTokenSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginReplySchema = z.object({ auth_token: z.string() });

/** The user as the session knows it (token claims and validate-token reply). */
export const sessionUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  product_number: z.string(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const validateTokenReplySchema = z.object({
  valid: z.literal(true),
  user: sessionUserSchema,
});

export const publicConfigSchema = z.object({
  brand_name: z.string(),
  timezone: z.string(),
  captcha: z.object({ challenge_url: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * `{number}` of the sign-in lock calls, in any form the users search takes: 09638000001,
 * 8809638000001 or +8809638000001 (spaces and dashes ignored); the stored form comes out.
 */
export const signInLockParamsSchema = z.object({
  number: z
    .string()
    .max(40)
    .transform((value) => {
      const digits = value.replace(/[\s-]/g, '').replace(/^\+/, '');
      return digits.startsWith('0') ? `${COUNTRY_PREFIX}${digits}` : digits;
    })
    .pipe(z.string().regex(STORED_PRODUCT_NUMBER, msg('common.productNumber'))),
});

/** A number's wrong-OTP record (DESIGN.md §7) as admins see it. */
export const signInLockSchema = z.object({
  product_number: z.string(),
  failures_24h: z.number().int(),
  /** The addresses that sent wrong codes in the last 24 hours, with their count of the last hour. */
  addresses: z.array(z.object({ ip: z.string(), failures_1h: z.number().int() })),
  locked: z.boolean(),
  locked_until: z.iso.datetime().nullable(),
});
export type SignInLock = z.infer<typeof signInLockSchema>;

export const signInLockReplySchema = z.object({ data: signInLockSchema });
