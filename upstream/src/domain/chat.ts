import { and, asc, count, desc, eq, gt, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { ChatConversation, ChatListQuery, ChatMessage, ChatMessagesQuery, ChatPeer, ChatPeerKind } from '@contract/resources/chat';
import type { Db } from '../db/client';
import { bikers, chatConversations, chatMessages, members, shops } from '../db/schema';
import { pageWindow, searchWhere } from '../kit/list';
import { invalid, notFoundData } from '../kit/errors';
import type { BusEvent, EventScope } from '../realtime/bus';
import type { ServiceScope } from './scope';

/**
 * Chat between the platform's staff and the app's shops, bikers and members. A conversation is one per app and peer;
 * a message is one per conversation and sender's `clientId` (a resend finds the row it made; sending is in
 * ./chat-send.ts). Staff see their own area's conversations, an admin every area of the app. Each change answers the
 * bus event it publishes.
 */

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ChatSide = 'staff' | 'peer';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toConversation = (r: ConversationRow): ChatConversation => ({
  id: String(r.id),
  areaId: String(r.areaId),
  peerKind: r.peerKind,
  peerId: String(r.peerId),
  peerName: r.peerName,
  lastMessageAt: iso(r.lastMessageAt),
  lastMessagePreview: r.lastMessagePreview,
  staffUnread: r.staffUnread,
  peerUnread: r.peerUnread,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
});

export const toMessage = (r: MessageRow): ChatMessage => ({
  id: String(r.id),
  conversationId: String(r.conversationId),
  fromStaff: r.fromStaff,
  senderUserId: r.senderUserId === null ? null : String(r.senderUserId),
  body: r.body,
  imageUrl: r.imageUrl,
  clientId: r.clientId,
  deliveredAt: iso(r.deliveredAt),
  readAt: iso(r.readAt),
  createdAt: r.createdAt.toISOString(),
});

/** Where a conversation's events go: its app and area (staff of the area, admins of the company, the peer's socket). */
export const eventScopeOf = (r: ConversationRow): EventScope => ({ companyId: r.companyId, appId: r.appId, areaId: r.areaId });

const eventBase = (r: ConversationRow) => ({
  conversationId: String(r.id),
  peerKind: r.peerKind,
  peerId: String(r.peerId),
  appId: String(r.appId),
  areaId: String(r.areaId),
  staffUnread: r.staffUnread,
  peerUnread: r.peerUnread,
});

/** The conversations of the scope: the app, and the caller's area for staff. */
const inScope = (scope: ServiceScope): SQL =>
  and(
    eq(chatConversations.companyId, scope.companyId),
    eq(chatConversations.appId, scope.appId),
    scope.areaId === null ? undefined : eq(chatConversations.areaId, scope.areaId),
  )!;

const PEER_TABLES = { shop: shops, biker: bikers, member: members } as const;

/** A live peer of the app (of the caller's area for staff), or null. */
export async function findPeer(db: Db, scope: ServiceScope, kind: ChatPeerKind, id: number): Promise<ChatPeer | null> {
  const table = PEER_TABLES[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name, areaId: table.areaId })
    .from(table)
    .where(
      and(
        eq(table.id, id),
        eq(table.companyId, scope.companyId),
        eq(table.appId, scope.appId),
        isNull(table.deletedAt),
        scope.areaId === null ? undefined : eq(table.areaId, scope.areaId),
      ),
    )
    .limit(1);
  return row ? { peerKind: kind, peerId: String(row.id), name: row.name, areaId: String(row.areaId) } : null;
}

/** Peers of a kind to start a conversation with, by name (at most 20). */
export async function searchPeers(db: Db, scope: ServiceScope, kind: ChatPeerKind, q: string | undefined): Promise<ChatPeer[]> {
  const table = PEER_TABLES[kind];
  const rows = await db
    .select({ id: table.id, name: table.name, areaId: table.areaId })
    .from(table)
    .where(
      and(
        eq(table.companyId, scope.companyId),
        eq(table.appId, scope.appId),
        isNull(table.deletedAt),
        scope.areaId === null ? undefined : eq(table.areaId, scope.areaId),
        searchWhere([table.name], q),
      ),
    )
    .orderBy(asc(table.name), asc(table.id))
    .limit(20);
  return rows.map((r) => ({ peerKind: kind, peerId: String(r.id), name: r.name, areaId: String(r.areaId) }));
}

export async function listConversations(db: Db, scope: ServiceScope, query: ChatListQuery) {
  const where = and(
    inScope(scope),
    query.peerKind ? eq(chatConversations.peerKind, query.peerKind) : undefined,
    searchWhere([chatConversations.peerName], query.q),
  );
  const { limit, offset } = pageWindow({ ...query, order: 'desc' });
  const recent = [sql`${chatConversations.lastMessageAt} desc nulls last`, desc(chatConversations.id)];
  const order = query.sort === 'unread' ? [sql`(${chatConversations.staffUnread} > 0) desc`, ...recent] : recent;
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(chatConversations)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(chatConversations).where(where),
    db
      .select({ n: count() })
      .from(chatConversations)
      .where(and(inScope(scope), gt(chatConversations.staffUnread, 0))),
  ]);
  return { rows: rows.map(toConversation), total: total?.n ?? 0, unreadConversations: unread?.n ?? 0 };
}

export async function conversationById(db: Db, scope: ServiceScope, id: number): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(inScope(scope), eq(chatConversations.id, id)))
    .limit(1);
  if (!row) throw notFoundData();
  return row;
}

/** The conversation with a peer: found, or begun (`created`). 400 `peerId: unknownReference` for a peer not of the scope. */
export async function startConversation(db: Db, scope: ServiceScope, kind: ChatPeerKind, peerId: number, now: Date) {
  // Most sends go to a conversation that exists: one read, in the caller's scope, answers them.
  const [existing] = await db
    .select()
    .from(chatConversations)
    .where(and(inScope(scope), eq(chatConversations.peerKind, kind), eq(chatConversations.peerId, peerId)))
    .limit(1);
  if (existing) return { row: existing, created: false };
  const peer = await findPeer(db, scope, kind, peerId);
  if (!peer) throw invalid({ peerId: ['unknownReference'] });
  const inserted = await db
    .insert(chatConversations)
    .values({
      companyId: scope.companyId,
      appId: scope.appId,
      areaId: Number(peer.areaId),
      peerKind: kind,
      peerId,
      peerName: peer.name,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.appId, scope.appId), eq(chatConversations.peerKind, kind), eq(chatConversations.peerId, peerId)))
    .limit(1);
  if (!row) throw notFoundData();
  return { row, created: false };
}

/** The peer's conversation as the app channel sees it: null when none began yet. */
export async function peerConversation(db: Db, scope: ServiceScope, kind: ChatPeerKind, peerId: number): Promise<ConversationRow | null> {
  if (!(await findPeer(db, scope, kind, peerId))) throw invalid({ peerId: ['unknownReference'] });
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.appId, scope.appId), eq(chatConversations.peerKind, kind), eq(chatConversations.peerId, peerId)))
    .limit(1);
  return row ?? null;
}

/** A page of the thread, oldest first: backwards from `before`, forwards after `after`, else the newest. */
export async function listMessages(db: Db, conversationId: number, query: ChatMessagesQuery) {
  const own = eq(chatMessages.conversationId, conversationId);
  const take = query.limit + 1;
  if (query.after) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(own, gt(chatMessages.id, Number(query.after))))
      .orderBy(asc(chatMessages.id))
      .limit(take);
    return { rows: rows.slice(0, query.limit).map(toMessage), more: rows.length > query.limit };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(own, query.before ? lt(chatMessages.id, Number(query.before)) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(take);
  return { rows: rows.slice(0, query.limit).reverse().map(toMessage), more: rows.length > query.limit };
}

/** The conversation's `lastMessagePreview` a message makes: its text on one line, or 📷 for an image alone. */
export const previewOf = (m: { body: string; imageUrl?: string | null }) => (m.body ? m.body.replace(/\s+/g, ' ').slice(0, 120) : m.imageUrl ? '📷' : '');

/** The `chat.message` event of a new message, with its conversation as it stood right after it. */
export const chatMessageEvent = (row: ConversationRow, message: ChatMessage): BusEvent => ({
  type: 'chat.message',
  ...eventBase(row),
  message,
  peerName: row.peerName,
});

/**
 * One side's mark on the other side's messages up to `upTo` (all when left out): `read` sets readAt (and deliveredAt
 * when it was still empty) and sets the reader's unread count to what is left; `delivered` sets deliveredAt.
 */
export async function markMessages(
  db: Db,
  conversation: ConversationRow,
  side: ChatSide,
  mark: 'read' | 'delivered',
  upTo: number | undefined,
  now: Date,
): Promise<{ conversation: ConversationRow; marked: number; event: BusEvent | null }> {
  return db.transaction(async (tx) => {
    const theirs = and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.fromStaff, side === 'peer'));
    const upToWhere = upTo === undefined ? undefined : lte(chatMessages.id, upTo);
    const column = mark === 'read' ? chatMessages.readAt : chatMessages.deliveredAt;
    const changed = await tx
      .update(chatMessages)
      .set(mark === 'read' ? { readAt: now, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${now.toISOString()}::timestamptz)` } : { deliveredAt: now })
      .where(and(theirs, upToWhere, isNull(column)))
      .returning({ id: chatMessages.id });
    let row = conversation;
    if (mark === 'read') {
      const [left] = await tx
        .select({ n: count() })
        .from(chatMessages)
        .where(and(theirs, isNull(chatMessages.readAt)));
      const unread = left?.n ?? 0;
      const [updated] = await tx
        .update(chatConversations)
        .set(side === 'staff' ? { staffUnread: unread, updatedAt: now } : { peerUnread: unread, updatedAt: now })
        .where(eq(chatConversations.id, conversation.id))
        .returning();
      row = updated ?? conversation;
    }
    if (changed.length === 0) return { conversation: row, marked: 0, event: null };
    const last = Math.max(...changed.map((c) => c.id));
    return {
      conversation: row,
      marked: changed.length,
      event: { type: mark === 'read' ? 'chat.read' : 'chat.delivered', ...eventBase(row), by: side, upTo: String(last), at: now.toISOString() },
    };
  });
}
