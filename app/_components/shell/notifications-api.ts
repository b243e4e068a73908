/** Browser calls of the notifications bell, through the BFF (same origin, session cookie). */
import { NOTIFICATION_KINDS, NOTIFICATION_PATH, type NotificationKind } from '@contract/resources/notification-kinds';

export interface ShellNotification {
  id: string;
  title: string;
  body: string;
  /** What happened, when the portal can say it in the reader's language, and its details. */
  kind: NotificationKind | null;
  params: Record<string, string | number>;
  read: boolean;
  createdAt: string;
}

export { NOTIFICATION_KINDS, type NotificationKind };
const isKind = (value: unknown): value is NotificationKind => (NOTIFICATION_KINDS as readonly unknown[]).includes(value);

function paramsOf(value: unknown): Record<string, string | number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
}

export interface NotificationPage {
  items: ShellNotification[];
  unreadCount: number;
}

export const NOTIFICATIONS_QUERY_KEY = ['shell', 'notifications'] as const;
/** A window event: notifications were changed elsewhere on the page (the Notification page), so the bell reloads. */
export const NOTIFICATIONS_CHANGED_EVENT = 'bo:notifications-changed';
export const announceNotificationsChanged = () => window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
const BASE = NOTIFICATION_PATH;
/** How many of the latest notifications the bell lists. */
export const BELL_PAGE_SIZE = 10;

export function toNotification(value: unknown): ShellNotification | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if ((typeof v.id !== 'string' && typeof v.id !== 'number') || typeof v.title !== 'string') return null;
  return {
    id: String(v.id),
    title: v.title,
    body: typeof v.body === 'string' ? v.body : '',
    kind: isKind(v.kind) ? v.kind : null,
    params: paramsOf(v.params),
    read: v.read === true,
    createdAt: typeof v.createdAt === 'string' ? v.createdAt : '',
  };
}

async function send(path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || (body as { status?: unknown } | null)?.status !== true) throw new Error(`HTTP ${response.status}`);
  return body;
}

/** The latest notifications, read and unread, and the unread count. */
export async function fetchNotifications(): Promise<NotificationPage> {
  const body = (await send(`${BASE}?page=1&pageSize=${BELL_PAGE_SIZE}`)) as Record<string, unknown>;
  const items = (Array.isArray(body.data) ? body.data : []).map(toNotification).filter((n): n is ShellNotification => n !== null);
  const unreadCount = typeof body.unreadCount === 'number' ? body.unreadCount : items.filter((n) => !n.read).length;
  return { items, unreadCount };
}

export async function setNotificationRead(id: string, read: boolean): Promise<void> {
  await send(`${BASE}/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify({ read }) });
}

export async function markAllNotificationsRead(): Promise<void> {
  await send(`${BASE}/read-all`, { method: 'POST' });
}
