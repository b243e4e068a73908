import { z } from 'zod';
import { CODES } from '../codes';
import { boolField, textField, updatedBySchema, versionField } from '../fields';

/**
 * Payment bank settings (System Settings → SettingArea, admin): per service area, the three payment providers, each
 * with its merchant keys and the bank account the money is paid into. The secret key is write-only: it is never
 * answered, only whether it is set and its last four characters; an update that leaves it out keeps it. Every change
 * is kept (`…/History`): who, when, which fields, old and new values, and "changed" for the secret.
 */
export const PAYMENT_PROVIDERS = ['card', 'qrcode', 'easybank'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The fields a change can touch, in the order the form and the history show them. */
export const PAYMENT_SETTING_FIELDS = ['enabled', 'merchantId', 'publicKey', 'secretKey', 'Short_Bank_name', 'Bank_name', 'Bank_account_number'] as const;
export type PaymentSettingField = (typeof PAYMENT_SETTING_FIELDS)[number];
export const SECRET_FIELDS: readonly PaymentSettingField[] = ['secretKey'];

const accountNumber = () =>
  z
    .string({ error: CODES.required })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\d{10,15}$/, CODES.invalidAccountNumber)]));

const shape = {
  enabled: boolField(),
  merchantId: textField(100),
  publicKey: textField(200),
  /** Write-only; '' or left out keeps the one saved. */
  secretKey: z.string().trim().max(500, CODES.outOfRange).optional(),
  Short_Bank_name: textField(20),
  Bank_name: textField(100),
  Bank_account_number: accountNumber(),
};

/** The body of `PUT …/Setting/Bank/{areaId}/Config/{provider}`; a provider is enabled only with every setting filled. */
export const paymentSettingUpdateSchema = z.object({ ...shape, version: versionField().or(z.literal(0)) }).superRefine(
  (v, ctx) => {
    if (v.enabled !== true) return;
    for (const field of ['merchantId', 'Short_Bank_name', 'Bank_name', 'Bank_account_number'] as const) {
      if (typeof v[field] === 'string' && v[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: CODES.incompleteSettings });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type PaymentSettingUpdate = z.infer<typeof paymentSettingUpdateSchema>;

/** One provider's settings of an area, as answered (no secret). */
export const paymentSettingSchema = z.object({
  areaId: z.coerce.string(),
  areaName: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  enabled: z.boolean(),
  merchantId: z.string(),
  publicKey: z.string(),
  secretKeySet: z.boolean(),
  /** The saved secret's last four characters, '' when none is saved. */
  secretKeyLast4: z.string(),
  Short_Bank_name: z.string(),
  Bank_name: z.string(),
  Bank_account_number: z.string(),
  /** 0 before the first save. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: updatedBySchema.nullish(),
});
export type PaymentSetting = z.infer<typeof paymentSettingSchema>;

/** `GET …/Setting/Bank`: each area of the app and its providers' state. */
export const paymentAreaSchema = z.object({
  areaId: z.coerce.string(),
  areaName: z.string(),
  providers: z.array(z.object({ provider: z.enum(PAYMENT_PROVIDERS), enabled: z.boolean(), configured: z.boolean() })),
});

/** `GET …/Setting/Bank/{areaId}`: one area's three providers. */
export const paymentAreaDetailSchema = z.object({ areaId: z.coerce.string(), areaName: z.string(), providers: z.array(paymentSettingSchema) });

/** One change of the history: the fields it touched; a secret's values are never kept, only that it changed. */
export const paymentSettingChangeSchema = z.object({
  id: z.coerce.string(),
  at: z.string(),
  by: updatedBySchema.nullish(),
  changes: z.array(z.object({ field: z.enum(PAYMENT_SETTING_FIELDS), from: z.string().nullish(), to: z.string().nullish(), secret: z.boolean().optional() })),
});
export type PaymentSettingChange = z.infer<typeof paymentSettingChangeSchema>;
