import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, live, pk, updatedAt, version } from './columns';
import { orders } from './orders';
import { inArea, updatedBy } from './scope';
import { shops } from './shops';
import { users } from './tenancy';

/**
 * How the platform talks with people: support tickets (from the portal and from shops) with their threads, live chat
 * with shops, bikers and members, public-relations messages and broadcasts sent as jobs, and the Marketplace feed.
 */

/** Who is on the other side of a ticket message or a chat. */
export type PeerKind = 'shop' | 'biker' | 'member';

/**
 * A support ticket. `source` says where it was opened: `portal` (by staff, `SupportFromPortal`) or `shop` (by a shop
 * through the shop app, `SupportFromShop`). Status: open, inProgress, waiting, closed.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: pk(),
    ...inArea,
    source: text('source').$type<'portal' | 'shop'>().notNull(),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').$type<'low' | 'normal' | 'high' | 'urgent'>().notNull().default('normal'),
    status: text('status').$type<'open' | 'inProgress' | 'waiting' | 'closed'>().notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    shopId: integer('shop_id').references(() => shops.id),
    /** The staff member who opened it (source portal); null when a shop did. */
    openedBy: integer('opened_by').references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    index('support_tickets_scope_idx').on(t.appId, t.source, t.areaId, t.lastMessageAt.desc(), t.id),
    index('support_tickets_status_idx').on(t.appId, t.source, t.status, t.id),
  ],
);

/** One message of a ticket's thread; `attachments` are image URLs kept by the upload service. Never updated. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: pk(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    authorKind: text('author_kind').$type<'staff' | 'shop'>().notNull(),
    authorUserId: integer('author_user_id').references(() => users.id),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    /** The sender's own id for the message, so a retried send is kept once. */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.id), uniqueIndex('support_messages_client_key').on(t.ticketId, t.clientId)],
);

/** A chat between the platform's staff and one shop, biker or member of an app. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: pk(),
    ...inArea,
    peerKind: text('peer_kind').$type<PeerKind>().notNull(),
    peerId: integer('peer_id').notNull(),
    /** The peer's name when the conversation began, for lists that do not join three tables. */
    peerName: text('peer_name').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    /** Messages from the peer staff have not read, and from staff the peer has not read. */
    staffUnread: integer('staff_unread').notNull().default(0),
    peerUnread: integer('peer_unread').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_peer_key').on(t.appId, t.peerKind, t.peerId),
    index('chat_conversations_scope_idx').on(t.appId, t.areaId, t.lastMessageAt.desc(), t.id),
  ],
);

/**
 * One chat message. `clientId` is the sender's own id for it: a resend after a reconnect finds the same row instead of
 * a second one. `deliveredAt` / `readAt` are the other side's marks.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: pk(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    fromStaff: boolean('from_staff').notNull(),
    senderUserId: integer('sender_user_id').references(() => users.id),
    body: text('body').notNull(),
    imageUrl: text('image_url'),
    clientId: text('client_id').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_messages_client_key').on(t.conversationId, t.clientId), index('chat_messages_conversation_idx').on(t.conversationId, t.id.desc())],
);

/**
 * A message sent to an audience: public relations (`PublicRelations`, Marketplace `ShopPublicRelations`,
 * `UserPublicRelations`) and Marketplace broadcasts (`Broadcast`). Target: openMessage, openShop (`targetShopId`),
 * openUrl (`targetUrl`, http(s) only). Audience: members, area (members of `areaId`), shops, bikers.
 * Sending is a job: status draft → scheduled → sending → sent (or cancelled); `cursor` is the last recipient id
 * handed a delivery, and `leaseUntil` keeps two API processes from sending the same message at once.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: pk(),
    ...inArea,
    kind: text('kind').$type<'publicRelations' | 'shopPublicRelations' | 'userPublicRelations' | 'broadcast'>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    target: text('target').$type<'openMessage' | 'openShop' | 'openUrl'>().notNull().default('openMessage'),
    targetShopId: integer('target_shop_id').references(() => shops.id),
    targetUrl: text('target_url').notNull().default(''),
    audience: text('audience').$type<'members' | 'area' | 'shops' | 'bikers'>().notNull(),
    /** When to send; null: as soon as it is queued. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    status: text('status').$type<'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled'>().notNull().default('draft'),
    totalCount: integer('total_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('announcements_scope_idx').on(t.appId, t.kind, t.areaId, t.id).where(live), index('announcements_due_idx').on(t.status, t.scheduledAt)],
);

/** One recipient's copy of an announcement: the key makes each delivery happen once. The app's inbox reads these. */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id),
    recipientKind: text('recipient_kind').$type<PeerKind>().notNull(),
    recipientId: integer('recipient_id').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.recipientKind, t.recipientId] }),
    index('announcement_deliveries_recipient_idx').on(t.recipientKind, t.recipientId, t.deliveredAt.desc()),
  ],
);

/** A post in the Marketplace app's feed: the platform's (shopId null) or a shop's, bounded by its `Limit_post`. */
export const feedPosts = pgTable(
  'feed_posts',
  {
    id: pk(),
    ...inArea,
    shopId: integer('shop_id').references(() => shops.id),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('feed_posts_scope_idx').on(t.appId, t.areaId, t.publishedAt.desc(), t.id).where(live), index('feed_posts_shop_idx').on(t.shopId).where(live)],
);
