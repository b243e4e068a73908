import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { exchangeOtp, latestOutboxMessage, requestOtp, resetPassword } from '../domain/otp';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { errorResponses, jsonBody, jsonResponse } from '../kit/schemas';
import { peerAddress } from '../kit/throttle';
import { forgotAnswerSchema, forgotBodySchema, inputOtpAnswerSchema, inputOtpBodySchema, isOtpBodySchema, statusAnswerSchema } from './auth-schemas';

const tags = ['Auth'];
const WRONG_OTP = 'Wrong OTP';

export function registerOtpRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/ForgotPassword',
      tags,
      summary: 'Send a one-time password',
      description:
        'Same answer for known and unknown users. `dataUser` is an opaque reference for `InputOTP`. The code is valid once, for 10 minutes and 5 tries.',
      request: { body: jsonBody(forgotBodySchema) },
      responses: { 200: jsonResponse(forgotAnswerSchema, 'Accepted'), 400: errorResponses[400] },
    }),
    async (c) => c.json({ status: true as const, data: { dataUser: await requestOtp(deps, c.req.valid('json').input) } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/InputOTP',
      tags,
      summary: 'Exchange the one-time password for a reset token',
      request: { body: jsonBody(inputOtpBodySchema) },
      responses: { 200: jsonResponse(inputOtpAnswerSchema, 'A short-lived reset token, or `status:false`'), 400: errorResponses[400] },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const token = await exchangeOtp(deps, body.dataUser, body.OTP);
      if (!token) return c.json({ status: false as const, message: WRONG_OTP }, 200);
      return c.json({ status: true as const, accessToken: token }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/IsOTP',
      tags,
      summary: 'Set a new password with the reset token',
      description: 'Both passwords must match. Every session of the account ends.',
      request: { body: jsonBody(isOtpBodySchema) },
      responses: { 200: jsonResponse(statusAnswerSchema, 'Password set, or `status:false`'), 400: errorResponses[400] },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (body.password !== body.Cpassword) {
        return c.json({ status: false as const, message: "Password doesn't match. Please try again." }, 200);
      }
      const ok = await resetPassword(deps, body.accessToken, body.password);
      return ok ? c.json({ status: true as const }, 200) : c.json({ status: false as const, message: WRONG_OTP }, 200);
    },
  );

  if (!deps.config.devOutbox) return;
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/dev/outbox',
      tags: ['Development'],
      summary: 'Latest one-time password for a reference or a recipient',
      description:
        'Give exactly one of `dataUser` (the reference `ForgotPassword` answered) or `recipient` (the e-mail address the code went to). Only when started with ENABLE_DEV_OUTBOX=1, and only to a client on this machine (loopback); otherwise 404.',
      request: {
        query: z
          .object({ dataUser: z.string().min(1).max(100).optional(), recipient: z.string().min(3).max(200).optional() })
          .refine((q) => (q.dataUser === undefined) !== (q.recipient === undefined), { error: 'Give either dataUser or recipient', path: ['dataUser'] }),
      },
      responses: {
        200: jsonResponse(
          z.object({
            status: z.literal(true),
            data: z.object({ otp: z.string().nullable(), recipient: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() }),
          }),
          'The message',
        ),
        400: errorResponses[400],
        404: errorResponses[404],
      },
    }),
    async (c) => {
      if (!isLoopback(peerAddress(c))) throw notFoundData();
      const { dataUser, recipient } = c.req.valid('query');
      const message = await latestOutboxMessage(deps.db, deps.jwtKey, dataUser !== undefined ? { ref: dataUser } : { recipient: recipient ?? '' });
      if (!message) throw notFoundData();
      return c.json({ status: true as const, data: { ...message, createdAt: message.createdAt.toISOString() } }, 200);
    },
  );
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
