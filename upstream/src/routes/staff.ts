import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { hashPassword } from '../domain/passwords';
import { scopeOf } from '../domain/scope';
import { createStaff, deleteStaff, getStaff, listStaff, restoreStaff, updateStaff, type StaffInput, type StaffQuery } from '../domain/staff';
import { requireAdmin, requireAuth, requirePermission } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { listQuerySchema } from '../kit/list';
import { mountResource } from '../kit/resource';
import { passwordSchema } from './auth-schemas';

const STATUSES = ['pending', 'active', 'suspended', 'close'] as const;

export const staffItemSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    email: z.string(),
    appid: z.string(),
    AppType: z.enum(['Delivery', 'Marketplace', '']),
    area: z.string(),
    areaName: z.string(),
    status: z.enum(STATUSES),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    deletedAt: z.string().nullable(),
  })
  .openapi('StaffUser');

const editable = {
  displayName: z.string().trim().min(1).max(100),
  email: z.email('The Email address is not valid').max(200),
  appid: z.string().min(1).max(20),
  area: z.string().min(1).max(20),
  status: z.enum(STATUSES).default('active'),
};

export const staffCreateSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(5, 'More than 4 characters')
      .max(50, '50 character limit')
      .regex(/^[A-Za-z0-9._@-]+$/, 'Letters, digits and . _ @ - only'),
    password: passwordSchema,
    ...editable,
  })
  .openapi('StaffCreate');

export const staffUpdateSchema = z.object({ ...editable, password: passwordSchema.optional() }).openapi('StaffUpdate');

const staffQuerySchema = listQuerySchema(['id', 'username', 'displayName', 'email', 'status', 'createdAt'], {
  appid: z.string().max(20).optional(),
  area: z.string().max(20).optional(),
  status: z.enum(STATUSES).optional(),
});

/** `/api/admin/Users/Staff`: the company's area staff (admin only), through the resource kit. */
export function registerStaffRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const hash = (password: string | undefined) => (password ? hashPassword(password, deps.config.scrypt) : Promise.resolve(undefined));

  mountResource<z.infer<typeof staffItemSchema>, z.infer<typeof staffCreateSchema>, z.infer<typeof staffUpdateSchema>, StaffQuery>(app, {
    path: '/api/admin/Users/Staff',
    tag: 'Users',
    noun: 'staff user',
    itemSchema: staffItemSchema,
    querySchema: staffQuerySchema,
    createSchema: staffCreateSchema,
    updateSchema: staffUpdateSchema,
    guard: () => [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company Users Staff')],
    list: (c, query) => listStaff(deps.db, scopeOf(c.var.auth), query),
    get: (c, id) => getStaff(deps.db, scopeOf(c.var.auth), id),
    create: async (c, input) => {
      const { password, ...rest } = input;
      return createStaff(deps.db, scopeOf(c.var.auth), { ...rest, passwordHash: await hashPassword(password, deps.config.scrypt) }, deps.now());
    },
    update: async (c, id, version, input) => {
      const { password, ...rest } = input;
      const fields: StaffInput = { ...rest, passwordHash: await hash(password) };
      const { item, signedOut } = await updateStaff(deps.db, scopeOf(c.var.auth), id, version, fields, deps.now());
      if (signedOut) deps.tokens.dropUser(id);
      return item;
    },
    remove: async (c, id) => {
      const done = await deleteStaff(deps.db, scopeOf(c.var.auth), id, deps.now());
      if (done) deps.tokens.dropUser(id);
      return done;
    },
    restore: (c, id) => restoreStaff(deps.db, scopeOf(c.var.auth), id, deps.now()),
  });
}
