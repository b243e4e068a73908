import { z } from 'zod';
import { CODES } from '../codes';
import { emailField, enumField, nameField, phoneField, refField, rowMetaSchema, versionField } from '../fields';
import { filter, listQuerySchema } from '../list';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords';
import type { ResourceContractBase } from '../resource';

/**
 * The company's people (company area → Users): administrators (`Users/Admin`) and area staff (`Users/Staff`). A staff
 * member works in one service area of one app; the area names the app. Usernames and e-mails are unique across the
 * platform (they sign in with either); phone numbers within it too, when given.
 */
export const USER_STATUSES = ['pending', 'active', 'suspended', 'close'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** 'More than 4 characters', '50 character limit': letters, digits and `. _ @ -`, kept lower-case. */
export const usernameField = () =>
  z
    .string({ error: CODES.required })
    .trim()
    .toLowerCase()
    .min(1, CODES.required)
    .min(5, CODES.moreThan4)
    .max(50, CODES.tooLong50)
    .regex(/^[a-z0-9._@-]+$/, CODES.invalidUsername);

/** A first password set by an administrator: the password rule of sign-up and reset. */
export const initialPasswordField = () =>
  z.string({ error: CODES.required }).min(1, CODES.required).min(PASSWORD_MIN_LENGTH, CODES.moreThan7).max(PASSWORD_MAX_LENGTH, CODES.tooLong200);

const orEmpty = <T extends z.ZodType>(field: T) => z.union([field, z.literal('')]).default('');

const personFields = {
  displayName: nameField(100),
  email: emailField(),
  phone: orEmpty(phoneField()),
  status: enumField(USER_STATUSES).default('active'),
};

/** The lists' sort fields, and their query with each list's own filters. */
const PEOPLE_SORT = ['username', 'displayName', 'email', 'status', 'createdAt', 'lastSignInAt'] as const;
const peopleQuery = <F extends z.ZodRawShape>(filters: F) => listQuerySchema(PEOPLE_SORT, { status: filter.oneOf(USER_STATUSES), ...filters });

/** What a row of either list carries besides its fields. */
const personItem = rowMetaSchema.extend({
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(USER_STATUSES),
  /** The newest sign-in (any way in: password, auto-login), or null when never. */
  lastSignInAt: z.string().nullable(),
});

/** `GET {path}/available?field=username|email|phone&value=…[&exceptId=]`: 'You can use / can not use this …'. */
export const userAvailableQuerySchema = z.strictObject({
  field: z.enum(['username', 'email', 'phone']),
  value: z.string().trim().min(1).max(200),
  exceptId: filter.ref(),
});

/** `POST {path}/{id}/reset-password`: a one-time code goes to the user's e-mail, as the forgot-password flow sends. */
export const resetPasswordAnswerSchema = z.object({ sentTo: z.string() });

export const staffContract = {
  name: 'Staff',
  path: 'Users/Staff',
  scope: 'company',
  sort: PEOPLE_SORT,
  defaultSort: { sort: 'username', order: 'asc' },
  search: ['username', 'displayName', 'email', 'phone'],
  schemas: {
    item: personItem.extend({
      appid: z.coerce.string(),
      AppType: z.enum(['Delivery', 'Marketplace', '']),
      area: z.coerce.string(),
    }),
    create: z.object({
      username: usernameField(),
      password: initialPasswordField(),
      ...personFields,
      /** The area names the app; an `appid` sent beside it must be that app. */
      area: refField(),
      appid: refField().optional(),
    }),
    update: z.object({
      ...personFields,
      area: refField(),
      appid: refField().optional(),
      /** Set a new password (ends the staff member's sessions); left out to keep it. */
      password: initialPasswordField().optional(),
      version: versionField(),
    }),
    query: peopleQuery({ appid: filter.ref(), area: filter.ref() }),
    available: userAvailableQuerySchema,
  },
} as const satisfies ResourceContractBase;
export type StaffRow = z.infer<typeof staffContract.schemas.item>;

/**
 * The company's administrators. Every administrator reads the list; only a root administrator adds, edits, suspends
 * or deletes one, and never the last active root.
 */
export const adminUserContract = {
  name: 'AdminUser',
  path: 'Users/Admin',
  scope: 'company',
  sort: PEOPLE_SORT,
  defaultSort: { sort: 'username', order: 'asc' },
  search: ['username', 'displayName', 'email', 'phone'],
  schemas: {
    item: personItem.extend({ root: z.boolean() }),
    create: z.object({ username: usernameField(), password: initialPasswordField(), ...personFields, root: z.boolean().default(false) }),
    update: z.object({ ...personFields, root: z.boolean().default(false), version: versionField() }),
    query: peopleQuery({ root: filter.bool() }),
    available: userAvailableQuerySchema,
  },
} as const satisfies ResourceContractBase;
export type AdminUserRow = z.infer<typeof adminUserContract.schemas.item>;

/** The flags of one permission entry, in the matrix's column order. */
export const PERMISSION_FLAGS = ['read', 'write', 'create', 'delete'] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

/** One recorded change of the permission matrix: who turned which flag of whose entry on or off, and when. */
export const permissionChangeSchema = z.object({
  id: z.coerce.string(),
  services: z.string(),
  name: z.string(),
  flag: z.enum(PERMISSION_FLAGS),
  value: z.boolean(),
  changedBy: z.object({ uid: z.coerce.string(), displayName: z.string() }).nullable(),
  at: z.string(),
});
export type PermissionChange = z.infer<typeof permissionChangeSchema>;
