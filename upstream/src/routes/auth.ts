import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { clientOf } from '../kit/client';
import { issueLogin, refreshAccessToken, WRONG_CREDENTIALS } from '../domain/auth';
import { accountKey, clearFailures, lockoutMessage, reserveSignIn } from '../domain/lockout';
import { decoyHash, hashPassword, verifyPassword } from '../domain/passwords';
import { registerCompany } from '../domain/register';
import { revokeSession } from '../domain/sessions';
import { findActiveUserByLogin, normalizeUsername, rehashIfWeak } from '../domain/users';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { ApiError, unauthorized } from '../kit/errors';
import { bearerSecurity, errorResponses, jsonBody, jsonResponse, okSchema, throttledResponse, tooManyResponse } from '../kit/schemas';
import { peerAddress, throttle, type Limit } from '../kit/throttle';
import { failureSchema, loginAnswerSchema, loginBodySchema, refreshAnswerSchema, refreshBodySchema, registerBodySchema } from './auth-schemas';

const tags = ['Auth'];

/**
 * Registrations per lockout window (15 minutes): per e-mail address, per client address (the portal's forwarded one,
 * else the socket's peer) and per socket peer (a portal instance, or a client calling the API directly).
 */
export const REGISTER_LIMITS = { perEmail: 5, perAddress: 30, perPeer: 200 } as const;

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/login',
      tags,
      summary: 'Sign in (spec section 7)',
      description:
        'A wrong password or unknown user answers `status:false` with HTTP 200. Ten failures for one account (or unknown username) from one client address within 15 minutes answer that address 429 until the window passes; 100 from all addresses together answer every address 429. Failures for usernames no account has never count against an account.',
      request: { body: jsonBody(loginBodySchema) },
      responses: { 200: jsonResponse(loginAnswerSchema, 'Signed in, or `status:false`'), 400: errorResponses[400], ...tooManyResponse },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const username = normalizeUsername(body.username);
      const now = deps.now();
      const client = clientOf(c, deps.config.autologinSecret);
      const user = await findActiveUserByLogin(deps.db, username);
      // The attempt is counted before the password is checked, atomically per account: from this address, then in all.
      // The address is the portal's forwarded one, else the connecting peer's.
      const address = client.ip ?? peerAddress(c) ?? 'unknown';
      const key = accountKey(user, username);
      const reserved = await reserveSignIn(deps.db, key, address, now, deps.config.lockout, client.ip);
      if (!reserved.ok) throw new ApiError(429, lockoutMessage(reserved.retryInMs));
      const ok = user
        ? await verifyPassword(body.password, user.passwordHash)
        : (await verifyPassword(body.password, await decoyHash(deps.config.scrypt)), false);
      if (!user || !ok) return c.json({ status: false as const, message: WRONG_CREDENTIALS }, 200);
      await clearFailures(deps.db, key, address);
      await rehashIfWeak(deps.db, user, body.password, deps.config.scrypt);
      return c.json(await issueLogin(deps, user, { via: 'login', ...client }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/register',
      tags,
      summary: 'Create a company and its root admin',
      description: `Answers as login. An e-mail already in use answers \`status:false\` (HTTP 200), after the same work as a registration. At most ${REGISTER_LIMITS.perEmail} per e-mail address, ${REGISTER_LIMITS.perAddress} per client address and ${REGISTER_LIMITS.perPeer} per connecting peer in 15 minutes: then 429.`,
      request: { body: jsonBody(registerBodySchema) },
      responses: {
        200: jsonResponse(loginAnswerSchema, 'Registered and signed in, or `status:false`'),
        400: errorResponses[400],
        ...throttledResponse,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const client = clientOf(c, deps.config.autologinSecret);
      const peer = peerAddress(c) ?? 'unknown';
      const limits: Limit[] = [
        { key: `register:email:${normalizeUsername(body.email)}`, max: REGISTER_LIMITS.perEmail },
        { key: `register:addr:${client.ip ?? peer}`, max: REGISTER_LIMITS.perAddress },
      ];
      if (client.ip) limits.push({ key: `register:peer:${peer}`, max: REGISTER_LIMITS.perPeer });
      await throttle(deps, limits, client.ip);
      const passwordHash = await hashPassword(body.password, deps.config.scrypt);
      const user = await registerCompany(deps.db, { displayName: body.displayName, email: body.email, passwordHash }, deps.now());
      if (!user) return c.json({ status: false as const, message: 'You can not use this Email' }, 200);
      return c.json(await issueLogin(deps, user, { via: 'register', ...client }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/refresh-token',
      tags,
      summary: 'Rotate an access token',
      description:
        'Accepts a validly signed token of a live session, even expired (within 7 days). The old token is dead afterwards; refreshing it again answers 401.',
      request: { body: jsonBody(refreshBodySchema) },
      responses: { 200: jsonResponse(refreshAnswerSchema, 'The new token'), 400: errorResponses[400], 401: jsonResponse(failureSchema, 'Not refreshable') },
    }),
    async (c) => {
      const result = await refreshAccessToken(deps, c.req.valid('json').accessToken);
      if (!result) throw unauthorized();
      return c.json({ status: true as const, ...result }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/logout',
      tags,
      summary: 'End the current session',
      security: bearerSecurity,
      middleware: [requireAuth(deps)] as const,
      responses: { 200: jsonResponse(okSchema, 'Session ended'), 401: errorResponses[401], 403: errorResponses[403] },
    }),
    async (c) => {
      await revokeSession(deps.db, c.var.auth.sid, deps.now());
      deps.tokens.dropSession(c.var.auth.sid);
      return c.json({ status: true as const }, 200);
    },
  );
}
