import 'server-only';
import { z } from 'zod';
import { permissionListSchema } from '@/lib/permissions';

/** Zod schemas of the upstream answers the portal itself reads (spec section 7). */

const idLikeSchema = z.union([z.string(), z.number()]).transform(String);
const optionalTextSchema = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const optionalIdSchema = idLikeSchema.nullish().transform((v) => v ?? undefined);
const flagLikeSchema = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const secondsSchema = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

export const upstreamUserDataSchema = z.object({
  uid: idLikeSchema,
  username: optionalTextSchema,
  displayName: optionalTextSchema,
  email: optionalTextSchema,
  userRole: z.string().min(1),
  root: flagLikeSchema,
  companies: optionalIdSchema,
  office: optionalIdSchema,
  appid: optionalIdSchema,
  AppType: optionalTextSchema,
  area: optionalIdSchema,
});
export type UpstreamUserData = z.infer<typeof upstreamUserDataSchema>;

/** login, register, autoLoginRoot, autoLoginPortal, autologinShop. */
export const authAnswerSchema = z.object({
  status: z.boolean().optional(),
  accessToken: z.string().optional(),
  session: optionalIdSchema,
  expiresIn: secondsSchema.optional(),
  userData: upstreamUserDataSchema.optional(),
  message: optionalTextSchema,
  author: optionalTextSchema,
  shop: optionalIdSchema,
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

export const refreshAnswerSchema = z.object({
  status: z.boolean().optional(),
  accessToken: z.string().min(1),
  expiresIn: secondsSchema.optional(),
});
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;

export const statusAnswerSchema = z.object({
  status: z.boolean().optional(),
  message: optionalTextSchema,
});

export const forgotPasswordAnswerSchema = statusAnswerSchema.extend({ data: z.unknown().optional() });

/**
 * What InputOTP takes back as `dataUser`: the spec says ForgotPassword answers `{status, data}` and InputOTP takes
 * `{OTP, dataUser}`, so the whole `data` is the dataUser; an upstream that wraps it (`data.dataUser`) works too.
 */
export function dataUserOf(data: unknown): unknown {
  if (data !== null && typeof data === 'object' && !Array.isArray(data) && Object.hasOwn(data, 'dataUser')) return (data as { dataUser: unknown }).dataUser;
  return data;
}

export const inputOtpAnswerSchema = statusAnswerSchema.extend({ accessToken: z.string().nullish() });

export const permissionAnswerSchema = z.object({
  status: z.boolean().optional(),
  data: permissionListSchema,
});

/** `{status:false, message}` bodies of failed calls. */
export const failureBodySchema = z.object({ message: z.string().optional(), status: z.boolean().optional() }).partial();
