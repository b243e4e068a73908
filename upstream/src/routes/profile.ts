import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { passwordChangeSchema, profileSchema, profileUpdateSchema } from '@contract/resources/profile';
import { changePassword, profileOf, updateProfile } from '../domain/profile';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse, okSchema } from '../kit/schemas';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});

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
      description: 'The current password (`wrongPassword` when it is not), the new one twice (`passwordMismatch`). Every other session of the user ends.',
      request: { body: jsonBody(passwordChangeSchema) },
      responses: { 200: jsonResponse(okSchema, 'Changed'), ...errorResponses },
    },
    async (c) => {
      const body = validOf<{ current: string; password: string }>(c, 'json');
      await changePassword(deps.db, c.var.auth.uid, c.var.auth.sid, body, deps.config.scrypt, deps.now());
      return c.json({ status: true }, 200);
    },
  );
}
