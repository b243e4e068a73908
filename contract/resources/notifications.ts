import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_STATES } from './notification-kinds';

export * from './notification-kinds';

/**
 * The signed-in user's own notifications (the bell and `/Notification`): personal, no permission flag. A notification
 * of a known kind carries its details in `params`, so the portal words it in the reader's language; any other shows
 * its own title and body.
 */

export const notificationSchema = z.object({
  id: z.coerce.string(),
  title: z.string(),
  body: z.string(),
  /** Where it leads in the portal (a registry path), or null. */
  link: z.string().nullable(),
  kind: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/**
 * `GET /api/admin/Notification`: newest first. `state` keeps the unread or the read ones, `kind` one kind; `unread=1`
 * is the bell's older spelling of `state=unread`.
 */
export const notificationQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  state: z.enum(NOTIFICATION_STATES).optional(),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  unread: z.enum(['0', '1']).optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const notificationPatchSchema = z.object({ read: z.boolean() });
