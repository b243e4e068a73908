import { z } from '@hono/zod-openapi';
import { newPasswordSchema } from '@contract/passwords';

/** Request and answer shapes of the spec's section 7 auth calls (field names literal). */
export const loginBodySchema = z
  .object({
    username: z.string().trim().min(1).max(200),
    password: z.string().min(1).max(200),
    remember: z.boolean().optional(),
  })
  .openapi('LoginBody');

/** The spec's permission list (same shape as `permissionListSchema` in lib/permissions.ts). */
export const permissionItemDocSchema = z
  .object({ name: z.string(), read: z.boolean(), write: z.boolean(), create: z.boolean(), delete: z.boolean() })
  .openapi('PermissionItem');
export const permissionListDocSchema = z.array(z.object({ services: z.string(), data: z.array(permissionItemDocSchema) })).openapi('PermissionList');

export const userDataSchema = z
  .object({
    uid: z.string(),
    username: z.string(),
    displayName: z.string(),
    email: z.string(),
    userRole: z.enum(['admin', 'staff']),
    root: z.boolean(),
    permission: permissionListDocSchema,
    companies: z.string(),
    office: z.string(),
    appid: z.string(),
    AppType: z.enum(['Delivery', 'Marketplace', '']),
    area: z.string().openapi({ description: "The staff member's area; '' for an admin (every area)" }),
    province: z.string().optional(),
    amphure: z.string().optional(),
    district: z.string().optional(),
  })
  .openapi('UserData');

export const loginSuccessSchema = z.object({
  status: z.literal(true),
  accessToken: z.string(),
  session: z.string(),
  expiresIn: z.number().int().openapi({ description: 'Seconds' }),
  userData: userDataSchema,
  message: z.string(),
});

export const failureSchema = z.object({ status: z.literal(false), message: z.string() }).openapi('Failure');

export const loginAnswerSchema = z.union([loginSuccessSchema.openapi('LoginAnswer'), failureSchema]);

export const autologinAnswerSchema = z.union([loginSuccessSchema.extend({ author: z.string() }).openapi('AutologinAnswer'), failureSchema]);

export const autologinShopAnswerSchema = z.union([
  loginSuccessSchema.extend({ author: z.string(), shop: z.string() }).openapi('AutologinShopAnswer'),
  failureSchema,
]);

export const tokenBodySchema = z.object({ token: z.string().min(1).max(4096) }).openapi('AutologinBody');

/** At least 8 characters (the spec's 'More than 5' hint predates it; OWASP asks 8 at the least). */
export const passwordSchema = newPasswordSchema;

export const registerBodySchema = z
  .object({
    displayName: z.string().trim().min(1).max(100),
    email: z.email('The Email address is not valid').max(200),
    password: passwordSchema,
  })
  .openapi('RegisterBody');

export const refreshBodySchema = z.object({ accessToken: z.string().min(1).max(4096) }).openapi('RefreshBody');

export const refreshAnswerSchema = z.object({ status: z.literal(true), accessToken: z.string(), expiresIn: z.number().int() });

export const forgotBodySchema = z.object({ input: z.string().trim().min(1).max(200) }).openapi('ForgotPasswordBody');
export const forgotAnswerSchema = z.object({ status: z.literal(true), data: z.object({ dataUser: z.string() }) });

export const inputOtpBodySchema = z
  .object({
    OTP: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Six digits'),
    dataUser: z.string().min(1).max(100),
  })
  .openapi('InputOTPBody');
export const inputOtpAnswerSchema = z.union([z.object({ status: z.literal(true), accessToken: z.string() }), failureSchema]);

export const isOtpBodySchema = z
  .object({ accessToken: z.string().min(1).max(4096), password: passwordSchema, Cpassword: z.string().max(200) })
  .openapi('IsOTPBody');
export const statusAnswerSchema = z.union([z.object({ status: z.literal(true) }), failureSchema]);
