import { z } from 'zod';
import { CODES } from '../codes';
import { dateTimeField, enumField, nameField, refField, textField, urlField, versionField } from '../fields';
import { imageRefField } from '../images';
import { shopRefField } from './promotion';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/**
 * Public relations (`PublicRelations`, Marketplace's `ShopPublicRelations` and `UserPublicRelations`) and Marketplace
 * broadcasts (`Broadcast`): one table (`announcements`), one contract per screen, each fixed to its `kind`.
 * A message opens something in the app: `openMessage` (the message itself), `openShop` (a shop of the area) or
 * `openUrl` (an http(s) address only: `javascript:`, `data:` and other schemes are refused by `urlField`, so the form,
 * the BFF and the Platform API refuse alike). Sending is a job: draft → scheduled → sending → sent, or cancelled
 * before sending starts. Its picture (`imageUrl`, optional) is an uploaded image's key, or the web address a row held
 * before uploads; the apps' inbox answers either as an address they load.
 */
export const ANNOUNCEMENT_KINDS = ['publicRelations', 'shopPublicRelations', 'userPublicRelations', 'broadcast'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];
/** The spec's public-relations message targets. */
export const ANNOUNCEMENT_TARGETS = ['openMessage', 'openShop', 'openUrl'] as const;
/** Who gets it: the app's members, the members of its area, the app's shops, the app's bikers. */
export const ANNOUNCEMENT_AUDIENCES = ['members', 'area', 'shops', 'bikers'] as const;
export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
/** Statuses in which the message may still be edited, scheduled, sent or cancelled. */
export const ANNOUNCEMENT_OPEN: readonly AnnouncementStatus[] = ['draft', 'scheduled'];

/** The path of each kind's screen (below `/Service/{service}`) and the services that list it. */
export const ANNOUNCEMENT_PATHS: Record<AnnouncementKind, string> = {
  publicRelations: 'PublicRelations',
  shopPublicRelations: 'ShopPublicRelations',
  userPublicRelations: 'UserPublicRelations',
  broadcast: 'Broadcast',
};

/** openShop needs a shop, openUrl an address. */
const targetNamed = (value: { target?: unknown; targetShopId?: unknown; targetUrl?: unknown }, ctx: z.RefinementCtx) => {
  if (value.target === 'openShop' && !value.targetShopId) ctx.addIssue({ code: 'custom', path: ['targetShopId'], message: CODES.required });
  if (value.target === 'openUrl' && !value.targetUrl) ctx.addIssue({ code: 'custom', path: ['targetUrl'], message: CODES.required });
};

const NAMES: Record<AnnouncementKind, string> = {
  publicRelations: 'PublicRelations',
  shopPublicRelations: 'ShopPublicRelations',
  userPublicRelations: 'UserPublicRelations',
  broadcast: 'Broadcast',
};

function announcementContract(kind: AnnouncementKind) {
  return defineResourceContract({
    name: NAMES[kind],
    noun: kind === 'broadcast' ? 'broadcast' : 'public-relations message',
    path: ANNOUNCEMENT_PATHS[kind],
    scope: 'area',
    fields: {
      title: nameField(100),
      body: textField(2000).default(''),
      imageUrl: z.union([imageRefField(), z.literal('')]).default(''),
      target: enumField(ANNOUNCEMENT_TARGETS).default('openMessage'),
      targetShopId: z.union([shopRefField(), z.literal('')]).default(''),
      targetUrl: z.union([urlField(), z.literal('')]).default(''),
      audience: enumField(ANNOUNCEMENT_AUDIENCES).default('members'),
    },
    refine: targetNamed,
    itemFields: {
      status: z.enum(ANNOUNCEMENT_STATUSES),
      scheduledAt: z.string().nullable(),
      totalCount: z.number().int(),
      sentCount: z.number().int(),
      startedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
      shopName: z.string().nullable(),
    },
    sort: ['createdAt', 'title', 'scheduledAt', 'status'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    search: ['title'],
    filters: { status: filter.oneOf(ANNOUNCEMENT_STATUSES), audience: filter.oneOf(ANNOUNCEMENT_AUDIENCES), areaId: filter.ref() },
  });
}

export const publicRelationsContract = announcementContract('publicRelations');
export const shopPublicRelationsContract = announcementContract('shopPublicRelations');
export const userPublicRelationsContract = announcementContract('userPublicRelations');
export const broadcastContract = announcementContract('broadcast');

export const ANNOUNCEMENT_CONTRACTS: Record<AnnouncementKind, typeof publicRelationsContract> = {
  publicRelations: publicRelationsContract,
  shopPublicRelations: shopPublicRelationsContract,
  userPublicRelations: userPublicRelationsContract,
  broadcast: broadcastContract,
};

/** `PATCH {path}/{id}/send`, `…/cancel`: the version last read. */
export const announcementActionSchema = z.object({ version: versionField() });
/** `PATCH {path}/{id}/schedule`: when to send (an ISO date-time, in the future). */
export const announcementScheduleSchema = z.object({
  version: versionField(),
  scheduledAt: dateTimeField(),
});

/** The recipient an app reads its inbox for (app channel). */
export const RECIPIENT_KINDS = ['member', 'shop', 'biker'] as const;
export const inboxQuerySchema = z.object({
  recipientKind: z.enum(RECIPIENT_KINDS),
  recipientId: refField(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One delivered announcement in an app's inbox. */
export const inboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  title: z.string(),
  body: z.string(),
  /** The picture's address: an upload's `{Platform API}/api/images/{key}`, or the web address the message names; '' for none. */
  imageUrl: z.string(),
  target: z.enum(ANNOUNCEMENT_TARGETS),
  targetShopId: z.number().int().nullable(),
  targetUrl: z.string(),
  deliveredAt: z.string(),
  openedAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
