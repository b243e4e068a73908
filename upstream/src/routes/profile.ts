import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { passwordChangeSchema, profileSchema, profileUpdateSchema } from '@contract/resources/profile';
import { changePassword, profileOf, updateProfile } from '../domain/profile';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse, okSchema, throttledResponse } from '../kit/schemas';
import { clientOf } from '../kit/client';
import { throttle } from '../kit/throttle';
import { clearFailures } from '../domain/lockout';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});

/**
 * Password changes per 15 minutes: per session (a stolen session guessing the current password), then per user (every
 * session together, reached only by several sessions).
 */
export const PASSWORD_CHANGE_LIMITS = { perSession: 5, perAccount: 20 } as const;

/** `/Profile`: the signed-in user's own profile and password (no permission: every user has their own). */
export function registerProfileRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const guard = [requireAuth(deps)];
  const path = '/api/admin/Profile';
  addRoute(
    app,
    'Profile',
    guard,
    {
      method: 'get',
      path,
      operationId: 'getProfile',
      summary: 'The signed-in user’s profile',
      description: 'Display name, about, photo and presence, with the username and e-mail (read-only here).',
      responses: ok(profileSchema, 'The profile'),
    },
    async (c) => c.json({ status: true as const, data: await profileOf(deps.db, c.var.auth.uid) }, 200),
  );
  addRoute(
    app,
    'Profile',
    guard,
    {
      method: 'put',
      path,
      operationId: 'updateProfile',
      summary: 'Change the signed-in user’s profile',
      description:
        '`version` as last read; 409 with the profile as it is now when stale. A photo is an http(s) URL or an uploaded PNG, JPEG or WebP kept inline.',
      request: { body: jsonBody(profileUpdateSchema) },
      responses: { ...ok(profileSchema, 'The profile after the change'), ...conflictResponse },
    },
    async (c) => c.json({ status: true as const, data: await updateProfile(deps.db, c.var.auth.uid, validOf(c, 'json'), deps.now()) }, 200),
  );
  addRoute(
    app,
    'Profile',
    guard,
    {
      method: 'post',
      path: `${path}/password`,
      operationId: 'changePassword',
      summary: 'Change the signed-in user’s password',
      description: `The current password (\`wrongPassword\` when it is not), the new one twice (\`passwordMismatch\`). Every other session of the user ends. At most ${PASSWORD_CHANGE_LIMITS.perSession} attempts per session and ${PASSWORD_CHANGE_LIMITS.perAccount} per user in 15 minutes, counted before the current password is checked: past them 429, even with the right password, until the window passes. A change forgives them.`,
      request: { body: jsonBody(passwordChangeSchema) },
      responses: { 200: jsonResponse(okSchema, 'Changed'), ...errorResponses, ...throttledResponse },
    },
    async (c) => {
      const body = validOf<{ current: string; password: string }>(c, 'json');
      const { uid, sid } = c.var.auth;
      const account = `password:uid:${uid}`;
      await throttle(
        deps,
        [
          { key: `${account}@${sid}`, max: PASSWORD_CHANGE_LIMITS.perSession },
          { key: account, max: PASSWORD_CHANGE_LIMITS.perAccount },
        ],
        clientOf(c, deps.config.autologinSecret).ip,
      );
      await changePassword(deps.db, uid, sid, body, deps.config.scrypt, deps.now());
      await clearFailures(deps.db, account);
      await clearFailures(deps.db, `${account}@${sid}`);
      return c.json({ status: true }, 200);
    },
  );
}
