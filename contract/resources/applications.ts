import { z } from 'zod';
import { emailField, enumField, nameField, phoneField, updatedBySchema, versionField } from '../fields';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * Application Manager (company area): the company's apps, one per service it runs (Delivery, Marketplace), with
 * their settings. How many the company may have is its plan's (My services); past it an add answers 'Application
 * limit reached'. An app holds areas, shops and orders, so it is never deleted here.
 */
export const APP_TYPES = ['Delivery', 'Marketplace'] as const;
export const APP_LANGUAGES = ['en', 'th', 'zh', 'my'] as const;

const orEmpty = <T extends z.ZodType>(field: T) => z.union([field, z.literal('')]).default('');
const settings = {
  name: nameField(100),
  defaultLanguage: enumField(APP_LANGUAGES).default('th'),
  supportPhone: orEmpty(phoneField()),
  supportEmail: orEmpty(emailField()),
};

export const applicationContract = {
  name: 'Application',
  path: 'ApplicationManager',
  scope: 'company',
  sort: ['name', 'createdAt'],
  defaultSort: { sort: 'name', order: 'asc' },
  search: ['name'],
  schemas: {
    item: z.object({
      id: z.coerce.string(),
      name: z.string(),
      appType: z.enum(APP_TYPES),
      defaultLanguage: z.enum(APP_LANGUAGES),
      supportPhone: z.string(),
      supportEmail: z.string(),
      /** How many service areas it has. */
      areas: z.number().int(),
      version: z.number().int(),
      createdAt: z.string(),
      updatedAt: z.string(),
      updatedBy: updatedBySchema.nullish(),
    }),
    create: z.object({ ...settings, appType: enumField(APP_TYPES) }),
    update: z.object({ ...settings, version: versionField() }),
    query: listQuerySchema(['name', 'createdAt'], { appType: filter.oneOf(APP_TYPES) }),
  },
} as const satisfies ResourceContractBase;

/** My services: the plan, its services and limits, and how much of each is used now. */
const usage = z.object({ used: z.number().int(), max: z.number().int() });
export const subscriptionSchema = z.object({
  plan: z.string(),
  services: z.array(z.string()),
  monthlyFee: z.number().int(),
  renewsOn: z.string(),
  limits: z.object({ apps: usage, areas: usage, staff: usage, shops: usage }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const INVOICE_STATES = ['paid', 'unpaid', 'overdue'] as const;
export const invoiceSchema = z.object({
  id: z.coerce.string(),
  number: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  amount: z.number().int(),
  paid: z.number().int(),
  state: z.enum(INVOICE_STATES),
});
export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(z.object({ description: z.string(), amount: z.number().int() })),
  payments: z.array(z.object({ amount: z.number().int(), method: z.string(), reference: z.string(), paidAt: z.string() })),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
