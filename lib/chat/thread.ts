import type { ChatConversation, ChatEvent, ChatMessage } from '@contract/resources/chat';

/**
 * The Chat screen's state changes, kept pure so they are tested without a browser: a thread is its messages by id,
 * oldest first, and whatever arrives (a page, a catch-up, a live event, a send's answer) is merged by id, so a message
 * is never shown twice and never lost to a reconnect.
 */

const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/** The thread with `incoming` merged in by id (a later copy of a message replaces the earlier: its marks are newer). */
export function mergeMessages(thread: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return thread as ChatMessage[];
  const map = new Map(thread.map((m) => [m.id, m]));
  for (const m of incoming) {
    const held = map.get(m.id);
    // A mark never goes away: a copy read before the mark (an older page in flight) keeps the mark held.
    map.set(m.id, held ? { ...m, deliveredAt: m.deliveredAt ?? held.deliveredAt, readAt: m.readAt ?? held.readAt } : m);
  }
  return [...map.values()].sort(byId);
}

/** The newest message id held (for the catch-up's `after`), or null. */
export const lastMessageId = (thread: readonly ChatMessage[]): string | null => (thread.length ? thread[thread.length - 1]!.id : null);

/** A mark event on the thread: the other side's messages up to `upTo` get it (a read one is delivered too). */
export function applyMark(thread: readonly ChatMessage[], event: Extract<ChatEvent, { by: string }>): ChatMessage[] {
  const marksStaff = event.by === 'peer';
  let changed = false;
  const next = thread.map((m) => {
    if (m.fromStaff !== marksStaff || Number(m.id) > Number(event.upTo)) return m;
    const deliveredAt = m.deliveredAt ?? event.at;
    const readAt = event.type === 'chat.read' ? (m.readAt ?? event.at) : m.readAt;
    if (deliveredAt === m.deliveredAt && readAt === m.readAt) return m;
    changed = true;
    return { ...m, deliveredAt, readAt };
  });
  return changed ? next : (thread as ChatMessage[]);
}

/** The tick a staff message shows: sent, delivered to the peer's device, or read by the peer. */
export function tickOf(m: ChatMessage): 'sent' | 'delivered' | 'read' {
  return m.readAt ? 'read' : m.deliveredAt ? 'delivered' : 'sent';
}

const previewOf = (m: ChatMessage) => (m.body ? m.body.replace(/\s+/g, ' ').slice(0, 120) : m.imageUrl ? '📷' : '');

/** The list's order, as the Platform API sorts it: unread first (if asked), then the newest message, then the newest id. */
export function sortConversations(list: readonly ChatConversation[], sort: string): ChatConversation[] {
  const time = (c: ChatConversation) => (c.lastMessageAt ? Date.parse(c.lastMessageAt) : -Infinity);
  return [...list].sort((a, b) => {
    if (sort === 'unread') {
      const u = Number(b.staffUnread > 0) - Number(a.staffUnread > 0);
      if (u !== 0) return u;
    }
    return time(b) - time(a) || Number(b.id) - Number(a.id);
  });
}

/**
 * A live event on the list: the conversation's counters, and for a message its last message (which moves it up).
 * Returns null when the conversation is not in the list (the list is read again).
 */
export function applyToConversations(list: readonly ChatConversation[], event: ChatEvent, sort: string): ChatConversation[] | null {
  const at = list.findIndex((c) => c.id === event.conversationId);
  if (at < 0) return null;
  const held = list[at]!;
  const next: ChatConversation = { ...held, staffUnread: event.staffUnread, peerUnread: event.peerUnread };
  if (event.type === 'chat.message') {
    const newer = !held.lastMessageAt || Date.parse(event.message.createdAt) >= Date.parse(held.lastMessageAt);
    if (newer) Object.assign(next, { lastMessageAt: event.message.createdAt, lastMessagePreview: previewOf(event.message) });
  }
  const copy = [...list];
  copy[at] = next;
  return sortConversations(copy, sort);
}

/** A new id for a message about to be sent (kept for its retries): random, URL-safe. */
export function newClientId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
