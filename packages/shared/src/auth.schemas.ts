import { z } from 'zod';
import { OTP_LENGTH, ROLES, USER_TYPES } from './constants.ts';
import { productNumberSchema } from './common.schemas.ts';

/** The captcha (ALTCHA) solution, base64 JSON produced by the widget. */
export const captchaTokenSchema = z.string().min(1, 'The bot check is missing').max(10_000);

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
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The OTP has ${OTP_LENGTH} digits`),
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

export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});

export const publicConfigSchema = z.object({
  brand_name: z.string(),
  timezone: z.string(),
  captcha: z.object({ challenge_url: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
