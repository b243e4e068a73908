import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { adminUserContract, resetPasswordAnswerSchema, staffContract } from '@contract/resources/users';
import { requestOtp } from '../domain/otp';
import { hashPassword } from '../domain/passwords';
import {
  createPerson,
  deletePerson,
  getPerson,
  isPersonValueAvailable,
  listPeople,
  placementOptions,
  restorePerson,
  updatePerson,
  type PeopleQuery,
  type PersonInput,
  type PersonRole,
} from '../domain/people';
import { scopeOf } from '../domain/scope';
import { revokeUserSessions } from '../domain/sessions';
import { requireAdmin, requireAuth, requirePermission } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { forbidden, notFoundData } from '../kit/errors';
import { mountResource } from '../kit/resource';
import { bearerSecurity, errorResponses, idParamSchema, jsonResponse, parseId } from '../kit/schemas';

type Item = z.infer<typeof staffContract.schemas.item> & z.infer<typeof adminUserContract.schemas.item>;
type Body = PersonInput & { username?: string; password?: string };

const PEOPLE = [
  { role: 'staff', contract: staffContract, permission: 'Company Users Staff', noun: 'staff user', ids: 'StaffUser', schema: 'StaffUser' },
  { role: 'admin', contract: adminUserContract, permission: 'Company Users Admin', noun: 'administrator', ids: 'AdminUser', schema: 'AdminUser' },
] as const;

/**
 * `/api/admin/Users/Staff` and `/api/admin/Users/Admin`: the company's people (admins only, each with its list's
 * permission), through the resource kit; besides it the availability check the add form runs as the admin types,
 * the areas a staff member can be placed in, and the password reset (a one-time code, as the forgot-password flow).
 */
export function registerPeopleRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Users/Staff/areas',
      tags: ['Users'],
      security: bearerSecurity,
      operationId: 'listStaffPlacements',
      summary: 'The service areas a staff member can be placed in',
      description: "Every area of the company's apps, named with its app (the area names the app a staff member works in).",
      middleware: [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company Users Staff', 'read')] as const,
      responses: {
        200: jsonResponse(
          z.object({
            status: z.literal(true),
            data: z.array(z.object({ id: z.string(), name: z.string(), appid: z.string(), AppType: z.string() })),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          'The areas',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const data = await placementOptions(deps.db, scopeOf(c.var.auth));
      return c.json({ status: true as const, data, total: data.length, page: 1, pageSize: data.length }, 200);
    },
  );
  for (const p of PEOPLE) {
    const role: PersonRole = p.role;
    const base = `/api/admin/${p.contract.path}`;
    // The flag follows the method (GET read, POST create, PUT write, DELETE delete), as the BFF checks it.
    const guard = () => [authed, requireAdmin, requirePermission(deps, 'Admin', p.permission)];
    const actor = (auth: { uid: number; root: boolean }) => ({ uid: auth.uid, root: auth.root });
    const hash = (password: string | undefined) => (password ? hashPassword(password, deps.config.scrypt) : Promise.resolve(undefined));

    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/available`,
        tags: ['Users'],
        security: bearerSecurity,
        operationId: `is${p.ids}ValueAvailable`,
        summary: `Whether a username, e-mail or phone number can be used for a new ${p.noun}`,
        description: "'You can use / can not use this Username' (and the phone and e-mail twins): nobody on the platform has it.",
        middleware: guard(),
        request: { query: p.contract.schemas.available },
        responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.object({ available: z.boolean() }) }), 'The answer'), ...errorResponses },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const available = await isPersonValueAvailable(deps.db, q.field, q.value, q.exceptId ? Number(q.exceptId) : undefined);
        return c.json({ status: true as const, data: { available } }, 200);
      },
    );

    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/{id}/reset-password`,
        tags: ['Users'],
        security: bearerSecurity,
        operationId: `reset${p.ids}Password`,
        summary: `Send a ${p.noun} a password-reset code`,
        description:
          "Starts the forgot-password flow for the person: a one-time code goes to their e-mail, and their sessions end. Changing an administrator's needs a root administrator.",
        middleware: guard(),
        request: { params: idParamSchema },
        responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: resetPasswordAnswerSchema }), 'Where the code went'), ...errorResponses },
      }),
      async (c) => {
        const auth = c.var.auth;
        if (role === 'admin' && !auth.root) throw forbidden();
        const id = parseId(c.req.valid('param').id);
        const person = id === null ? null : await getPerson(deps.db, scopeOf(auth), role, id);
        if (!person || id === null) throw notFoundData();
        await requestOtp(deps, person.username);
        await revokeUserSessions(deps.db, id, deps.now());
        deps.tokens.dropUser(id);
        return c.json({ status: true as const, data: { sentTo: person.email } }, 200);
      },
    );

    mountResource<Item, Body & { username: string; password: string }, Body, PeopleQuery>(app, {
      path: base,
      tag: 'Users',
      noun: p.noun,
      operationIds: p.ids,
      versioned: true,
      itemSchema: p.contract.schemas.item.openapi(p.schema) as unknown as z.ZodType<Item>,
      querySchema: p.contract.schemas.query as unknown as z.ZodType<PeopleQuery>,
      createSchema: p.contract.schemas.create as unknown as z.ZodType<Body & { username: string; password: string }>,
      updateSchema: p.contract.schemas.update as unknown as z.ZodObject<z.ZodRawShape>,
      guard,
      list: (c, query) => listPeople(deps.db, scopeOf(c.var.auth), role, query),
      get: (c, id) => getPerson(deps.db, scopeOf(c.var.auth), role, id),
      create: async (c, input) => {
        const { password, ...rest } = input;
        const passwordHash = await hashPassword(password, deps.config.scrypt);
        return createPerson(deps.db, scopeOf(c.var.auth), role, actor(c.var.auth), { ...rest, passwordHash }, deps.now());
      },
      update: async (c, id, version, input) => {
        const { password, ...rest } = input;
        const fields: PersonInput = { ...rest, passwordHash: await hash(password) };
        const { item, signedOut } = await updatePerson(deps.db, scopeOf(c.var.auth), role, actor(c.var.auth), id, version, fields, deps.now());
        if (signedOut) deps.tokens.dropUser(id);
        return item;
      },
      remove: async (c, id) => {
        const done = await deletePerson(deps.db, scopeOf(c.var.auth), role, actor(c.var.auth), id, deps.now());
        if (done) deps.tokens.dropUser(id);
        return done;
      },
      restore: (c, id) => restorePerson(deps.db, scopeOf(c.var.auth), role, actor(c.var.auth), id, deps.now()),
    });
  }
}
