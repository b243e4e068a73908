import { z } from 'zod';
import { CODES } from '../codes';
import { enumField, nameField, refField, rowMetaSchema, textField, versionField } from '../fields';
import { imageRefField } from '../images';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * Support tickets (Support → `SupportFromPortal`, `SupportFromShop`): a subject, a category and a priority, a status
 * staff move (open → inProgress → waiting → closed, any order), an assignee, the order or shop it concerns, and a
 * thread of messages with image attachments. Staff open portal tickets; shops open theirs through the shop app.
 */
export const SUPPORT_SOURCES = ['portal', 'shop'] as const;
export type SupportSource = (typeof SUPPORT_SOURCES)[number];
export const SUPPORT_STATUSES = ['open', 'inProgress', 'waiting', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_CATEGORIES = ['order', 'payment', 'account', 'technical', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** The most images one message carries. */
export const SUPPORT_MAX_ATTACHMENTS = 4;
/** The screens' paths by source. */
export const SUPPORT_PATHS = { portal: 'SupportFromPortal', shop: 'SupportFromShop' } as const satisfies Record<SupportSource, string>;

/** One message of a ticket's thread: staff's or the shop's, with its images (upload keys or web addresses). */
export const supportMessageSchema = z.object({
  id: z.coerce.string(),
  authorKind: z.enum(['staff', 'shop']),
  authorName: z.string(),
  body: z.string(),
  attachments: z.array(z.string()),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportTicketSchema = rowMetaSchema.extend({
  source: z.enum(SUPPORT_SOURCES),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES),
  status: z.enum(SUPPORT_STATUSES),
  assigneeId: z.coerce.string().nullish(),
  assigneeName: z.string().nullish(),
  orderId: z.coerce.string().nullish(),
  orderNo: z.string().nullish(),
  shopId: z.coerce.string().nullish(),
  shopName: z.string().nullish(),
  openedByName: z.string().nullish(),
  lastMessageAt: z.string(),
  closedAt: z.string().nullish(),
  /** On the view (`GET {path}/{id}`) only: the thread, oldest first. */
  messages: z.array(supportMessageSchema).optional(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

const SORT = ['lastMessageAt', 'createdAt', 'priority', 'status', 'subject'] as const;
/** `?status=open&priority=urgent&category=order&assigneeId=…&areaId=…&q=…` (q: subject, shop name or order number). */
export const supportQuerySchema = listQuerySchema(SORT, {
  status: filter.oneOf(SUPPORT_STATUSES),
  priority: filter.oneOf(SUPPORT_PRIORITIES),
  category: filter.oneOf(SUPPORT_CATEGORIES),
  assigneeId: filter.ref(),
  areaId: filter.ref(),
});
export type SupportQuery = z.infer<typeof supportQuerySchema>;

const attachmentsField = () => z.array(imageRefField()).max(SUPPORT_MAX_ATTACHMENTS, CODES.outOfRange).default([]);
const bodyField = () => nameField(2000);
/** The sender's own id for a message: the same id again is the same message (a retried send). */
const clientIdField = () => z.string().trim().min(1).max(64).optional();

/**
 * `POST /api/admin/{service}/SupportFromPortal`: staff open a ticket about a shop or an order (its number); the ticket
 * is in that shop's or order's area. The first message is `body`.
 */
export const supportCreateSchema = z
  .object({
    subject: nameField(120),
    category: enumField(SUPPORT_CATEGORIES),
    priority: enumField(SUPPORT_PRIORITIES).default('normal'),
    shopId: refField().optional(),
    orderNo: textField(40).optional(),
    body: bodyField(),
    attachments: attachmentsField(),
  })
  .refine((v) => Boolean(v.shopId) || Boolean(v.orderNo), { path: ['orderNo'], error: CODES.required });
export type SupportCreate = z.infer<typeof supportCreateSchema>;

/** `PUT {path}/{id}`: status, assignee (null: nobody) and priority, with the version last read (409 when stale). */
export const supportUpdateSchema = z.object({
  version: versionField(),
  status: enumField(SUPPORT_STATUSES).optional(),
  assigneeId: refField().nullable().optional(),
  priority: enumField(SUPPORT_PRIORITIES).optional(),
});
export type SupportUpdate = z.infer<typeof supportUpdateSchema>;

/**
 * `GET {path}/{id}/assignees?q=&limit=`: the people the ticket can be assigned to (an active administrator of the
 * company, or active staff of the ticket's app and area), the caller first when among them, then by name; `q` looks
 * for a part of the name. `more` says that more people match than `limit`. It serves a change of the assignee, so it
 * needs the screen's `write` flag (SUPPORT_ASSIGNEES_FLAG), on the Platform API and in the portal's BFF alike.
 */
export const SUPPORT_ASSIGNEES_SEGMENT = 'assignees';
export const SUPPORT_ASSIGNEES_FLAG = 'write';
/** The most people one answer lists, and how many it lists unless asked. */
export const SUPPORT_ASSIGNEES_MAX = 100;
export const SUPPORT_ASSIGNEES_DEFAULT = 50;
export const supportAssigneeQuerySchema = z.strictObject({
  q: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_ASSIGNEES_MAX).default(SUPPORT_ASSIGNEES_DEFAULT),
});
export type SupportAssigneeQuery = z.infer<typeof supportAssigneeQuerySchema>;
export const supportAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type SupportAssignee = z.infer<typeof supportAssigneeSchema>;
export const supportAssigneesAnswerSchema = z.object({ status: z.literal(true), data: z.array(supportAssigneeSchema), more: z.boolean() });
export type SupportAssigneesAnswer = z.infer<typeof supportAssigneesAnswerSchema>;

/** Whether the segments after `/api/admin/` name a ticket's assignees (`{service}/{SupportFrom…}/{id}/assignees`). */
export const isSupportAssigneesPath = (segments: readonly string[]): boolean =>
  segments.length === 4 && (Object.values(SUPPORT_PATHS) as string[]).includes(segments[1]!) && segments[3] === SUPPORT_ASSIGNEES_SEGMENT;

/** `POST {path}/{id}/reply`: staff's message with its images. */
export const supportReplySchema = z.object({
  body: bodyField(),
  attachments: attachmentsField(),
  clientId: clientIdField(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** `POST /api/app/{service}/SupportFromShop`: the shop app opens a ticket for its shop. */
export const supportShopCreateSchema = z.object({
  shopId: refField(),
  subject: nameField(120),
  category: enumField(SUPPORT_CATEGORIES),
  priority: enumField(SUPPORT_PRIORITIES).default('normal'),
  body: bodyField(),
  attachments: attachmentsField(),
  clientId: clientIdField(),
});
export type SupportShopCreate = z.infer<typeof supportShopCreateSchema>;

/** `POST /api/app/{service}/SupportFromShop/{id}/reply`: the shop's message on its own ticket. */
export const supportShopReplySchema = supportReplySchema.extend({ shopId: refField() });
export type SupportShopReply = z.infer<typeof supportShopReplySchema>;

/** `GET /api/app/{service}/SupportFromShop?shopId=` and `…/{id}?shopId=`: the shop's own tickets. */
export const supportShopQuerySchema = z.strictObject({ shopId: refField() });

/**
 * The bus event of a new ticket (`support.ticket`) or a new message (`support.message`), as the portal's live relay
 * passes it to the lists: which ticket, of which source, app and area.
 */
export const supportEventSchema = z.object({
  type: z.enum(['support.ticket', 'support.message']),
  ticketId: z.coerce.string(),
  source: z.enum(SUPPORT_SOURCES),
  areaId: z.coerce.string(),
  status: z.enum(SUPPORT_STATUSES),
  at: z.string(),
});
export type SupportEvent = z.infer<typeof supportEventSchema>;

const schemas = { item: supportTicketSchema, query: supportQuerySchema };

const base = {
  scope: 'area',
  sort: SORT,
  defaultSort: { sort: 'lastMessageAt', order: 'desc' },
  search: ['subject', 'shopName', 'orderNo'],
} as const;

/** Tickets staff opened: listed, opened (`create`), changed (`update`, versioned), answered (`reply`). */
export const supportFromPortalContract = {
  name: 'SupportFromPortal',
  path: SUPPORT_PATHS.portal,
  ...base,
  schemas: { ...schemas, create: supportCreateSchema, update: supportUpdateSchema, reply: supportReplySchema },
} as const satisfies ResourceContractBase;

/** Tickets shops opened through the shop app: staff list, change (`PUT {path}/{id}`) and answer them; never open them. */
export const supportFromShopContract = {
  name: 'SupportFromShop',
  path: SUPPORT_PATHS.shop,
  ...base,
  schemas,
} as const satisfies ResourceContractBase;
