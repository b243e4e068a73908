import { z } from 'zod';
import { dateField } from '../fields';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * The audit log (company area → Log): every state-changing call of the portal's users, who, when, from where and
 * what changed (the body sent, secrets redacted, and an update's fields before → after). Read-only and append-only.
 */
export const AUDIT_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;

export const auditEntrySchema = z.object({
  id: z.coerce.string(),
  uid: z.coerce.string(),
  username: z.string(),
  role: z.string(),
  method: z.string(),
  path: z.string(),
  route: z.string(),
  status: z.number().int(),
  /** `ok` (2xx), `refused` (4xx) or `failed` (5xx). */
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string(),
  userAgent: z.string(),
  changes: z.object({
    body: z.unknown().optional(),
    diff: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).optional(),
  }),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogContract = {
  name: 'AuditLog',
  path: 'Log',
  scope: 'company',
  sort: ['createdAt'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: ['username', 'path'],
  schemas: {
    item: auditEntrySchema,
    query: listQuerySchema(['createdAt'], {
      method: filter.oneOf(AUDIT_METHODS),
      outcome: filter.oneOf(AUDIT_OUTCOMES),
      uid: filter.ref(),
      from: dateField().optional(),
      to: dateField().optional(),
    }),
  },
} as const satisfies ResourceContractBase;
