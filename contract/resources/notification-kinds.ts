/**
 * The notifications the portal words itself in the reader's language (the rest show their own title and body), and
 * the read states a list filters by. No zod here: the shell's bell, on every page, imports these.
 */
export const NOTIFICATION_KINDS = ['shopRegistration', 'withdrawalRequest', 'supportTicket'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_STATES = ['unread', 'read'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];
export const NOTIFICATION_PATH = '/api/admin/Notification';
