import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateOtpBodySchema,
  loginBodySchema,
  loginReplySchema,
  messageReplySchema,
  validateTokenReplySchema,
} from '@switchboard/shared';
import { requestLanguage } from '../../lib/request-language.ts';
import { actorOf } from '../../plugins/auth.ts';
import { anonymousLimit, BODY_LIMITS } from '../../plugins/write-limits.ts';
import { verifyCaptchaOnce } from '../captcha/captcha.service.ts';
import { issueToken, signIn } from './auth.service.ts';
import { deviceCookieHeader, isDeviceOf } from './device-cookie.ts';
import { checkOtp, sendOtp, type OtpContext } from './otp.service.ts';

/** Sign-in by a code sent as SMS: no session yet. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, sms } = app.deps;
  const otpContext: OtpContext = {
    db,
    sms,
    secret: `${config.jwtSecret}:otp`,
    brandName: config.brandName,
    resendCooldownSeconds: config.otpResendCooldownSeconds,
    maxCodesPerHour: config.otpMaxCodesPerHour,
    maxCodesPerNumberPerHour: config.otpMaxCodesPerNumberPerHour,
  };
  const deviceSecret = `${config.jwtSecret}:device`;
  /** Whether the request comes from a browser that signed in to this number before (device-cookie.ts). */
  const ownDevice = (cookie: string | undefined, productNumber: string) => isDeviceOf(deviceSecret, cookie, productNumber);
  const perIpHourly = { rateLimit: anonymousLimit({ max: config.otpIpLimitPerHour, timeWindow: '1 hour' }) };

  app.post(
    '/users/generate-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sends a one-time password by SMS',
        body: generateOtpBodySchema,
        response: { 200: messageReplySchema },
      },
      bodyLimit: BODY_LIMITS.signIn,
      config: perIpHourly,
    },
    async (request) => {
      await verifyCaptchaOnce(db, config, request.body.token, 'sign-in');
      const number = request.body.product_number;
      await sendOtp(otpContext, number, request.ip, ownDevice(request.headers.cookie, number), requestLanguage(request));
      // The same reply whether or not the number has an account.
      return { message: request.say('auth.otpSent', { brand: config.brandName }) };
    },
  );

  app.post(
    '/users/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchanges a number and its OTP for a session token',
        body: loginBodySchema,
        response: { 200: loginReplySchema },
      },
      bodyLimit: BODY_LIMITS.signIn,
      config: perIpHourly,
    },
    async (request, reply) => {
      await verifyCaptchaOnce(db, config, request.body.token, 'sign-in');
      const number = request.body.product_number;
      await checkOtp(otpContext, number, request.body.otp, request.ip, ownDevice(request.headers.cookie, number));
      const user = await signIn(db, number, request.ip, requestLanguage(request));
      const token = await issueToken(app.tokens, user);
      reply.header('set-cookie', deviceCookieHeader(deviceSecret, number, config.isProduction));
      return { auth_token: token };
    },
  );
};

/** Whether a session still holds: inside the signed-in scope. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/validate-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the bearer token is still valid',
        response: { 200: validateTokenReplySchema },
      },
    },
    async (request) => {
      const { id, session: _session, ip: _ip, ...user } = actorOf(request);
      return { valid: true as const, user: { _id: id, ...user } };
    },
  );
};

export default authRoutes;
