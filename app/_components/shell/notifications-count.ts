import 'server-only';
import { z } from 'zod';
import { getSession } from '@/lib/server/session';
import { upstreamFetch } from '@/lib/server/upstream';

const unreadAnswerSchema = z.object({ status: z.literal(true), unreadCount: z.number().int().min(0) });

/**
 * The signed-in user's unread notification count for the first render of the bell (`GET /api/admin/Notification`).
 * The bell works without it: any failure gives null and the bell loads the count itself when opened.
 */
export async function getUnreadCount(): Promise<number | null> {
  const session = await getSession();
  if (!session) return null;
  try {
    const answer = await upstreamFetch('/api/admin/Notification', { schema: unreadAnswerSchema, session, query: { page: 1, pageSize: 1, unread: 1 } });
    return answer.unreadCount;
  } catch {
    return null;
  }
}
