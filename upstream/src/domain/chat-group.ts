/**
 * The arithmetic of a group of chat sends written together (domain/chat-send.ts): which sends are the same message,
 * and how a conversation stood right after each send, so every caller and every event sees what it would have seen
 * had the sends been written one by one, in order.
 */

/** One send of a group, as far as this arithmetic needs it. */
export interface GroupSend {
  conversationId: number;
  clientId: string;
  fromStaff: boolean;
  /** The conversation's `lastMessagePreview` this message makes. */
  preview: string;
  at: Date;
}

/** The counters and last message a send moves on its conversation. */
export interface ConversationState {
  staffUnread: number;
  peerUnread: number;
  version: number;
  lastMessageAt: Date | null;
  lastMessagePreview: string;
  updatedAt: Date;
}

export const messageKey = (conversationId: number, clientId: string) => `${conversationId}\u0000${clientId}`;

/** For each send, the index of the group's first send of the same message (the same conversation and `clientId`). */
export function firstOfKey(sends: readonly Pick<GroupSend, 'conversationId' | 'clientId'>[]): number[] {
  const first = new Map<string, number>();
  return sends.map((s, i) => {
    const key = messageKey(s.conversationId, s.clientId);
    const seen = first.get(key);
    if (seen !== undefined) return seen;
    first.set(key, i);
    return i;
  });
}

/**
 * Each send's conversation as it stood right after that send: the conversation after the whole group (`after`) with
 * the group's later created sends to it taken back out; its last message is the latest created send up to it, or the
 * one of the conversation as read before the group (`before`) when there is none. A conversation the group did not
 * change stands as it was before; one of neither map is null.
 */
export function statesAfter<R extends ConversationState>(
  sends: readonly GroupSend[],
  created: readonly boolean[],
  after: ReadonlyMap<number, R>,
  before: ReadonlyMap<number, R>,
): (R | null)[] {
  // Walking back from the end: the created sends after each one, per conversation.
  const laterToStaff = new Map<number, number>();
  const laterToPeer = new Map<number, number>();
  const later: { toStaff: number; toPeer: number }[] = new Array(sends.length);
  for (let k = sends.length - 1; k >= 0; k -= 1) {
    const s = sends[k]!;
    later[k] = { toStaff: laterToStaff.get(s.conversationId) ?? 0, toPeer: laterToPeer.get(s.conversationId) ?? 0 };
    if (!created[k]) continue;
    if (s.fromStaff) laterToPeer.set(s.conversationId, (laterToPeer.get(s.conversationId) ?? 0) + 1);
    else laterToStaff.set(s.conversationId, (laterToStaff.get(s.conversationId) ?? 0) + 1);
  }
  // Walking forward: the latest created send so far, per conversation.
  const last = new Map<number, GroupSend>();
  return sends.map((s, k) => {
    if (created[k]) last.set(s.conversationId, s);
    const final = after.get(s.conversationId);
    const start = before.get(s.conversationId);
    if (!final) return start ?? null;
    const { toStaff, toPeer } = later[k]!;
    const latest = last.get(s.conversationId);
    return {
      ...final,
      staffUnread: final.staffUnread - toStaff,
      peerUnread: final.peerUnread - toPeer,
      version: final.version - toStaff - toPeer,
      lastMessageAt: latest ? latest.at : (start?.lastMessageAt ?? final.lastMessageAt),
      lastMessagePreview: latest ? latest.preview : (start?.lastMessagePreview ?? final.lastMessagePreview),
      updatedAt: latest ? latest.at : (start?.updatedAt ?? final.updatedAt),
    };
  });
}
