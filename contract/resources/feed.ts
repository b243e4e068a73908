import { z } from 'zod';
import { boolField, nameField, refField, textField } from '../fields';
import { imageRefField } from '../images';
import { shopRefField } from './promotion';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/**
 * Marketplace → Feed: the posts of the Marketplace app's feed, the platform's (no shop) or a shop's. A shop's live
 * posts are bounded by its `Limit_post` (never more than its package's): one more is refused with 400
 * `{shopId: ['postLimit']}` and `data.params.shopId.limit`. A post's picture (`imageUrl`, optional) is an uploaded
 * image's key, or the web address a post held before uploads; the app's feed answers either as an address it loads.
 */
export const feedContract = defineResourceContract({
  name: 'Feed',
  noun: 'feed post',
  path: 'Feed',
  scope: 'area',
  fields: {
    title: nameField(100),
    body: textField(2000).default(''),
    imageUrl: z.union([imageRefField(), z.literal('')]).default(''),
    shopId: z.union([shopRefField(), z.literal('')]).default(''),
    active: boolField().default(true),
  },
  itemFields: { shopName: z.string().nullable(), publishedAt: z.string() },
  sort: ['publishedAt', 'title', 'createdAt'],
  defaultSort: 'publishedAt',
  defaultOrder: 'desc',
  search: ['title'],
  filters: { active: filter.bool(), shopId: filter.ref(), areaId: filter.ref() },
});

/** `POST /api/app/Marketplace/Feed`: a shop posts to the feed from the shop app. */
export const appFeedPostSchema = z.object({
  shopId: refField(),
  title: nameField(100),
  body: textField(2000).default(''),
  imageUrl: z.union([imageRefField(), z.literal('')]).default(''),
});

/** `GET /api/app/Marketplace/Feed`: the area's live posts, newest first. */
export const appFeedQuerySchema = z.object({ areaId: refField(), limit: z.coerce.number().int().min(1).max(100).default(20) });

/** A post as the Marketplace app shows it. */
export const appFeedItemSchema = z.object({
  id: z.string(),
  shopId: z.number().int().nullable(),
  shopName: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** The picture's address: an upload's `{Platform API}/api/images/{key}`, or the web address the post names; '' for none. */
  imageUrl: z.string(),
  publishedAt: z.string(),
});
