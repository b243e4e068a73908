import { z } from 'zod';
import { PURCHASE_REQUEST_STATES, MAX_IMAGES } from '../lifecycle/catalogue';
import { imageListField } from '../images';
import { intField, nameField, reasonField, refField, rowMetaSchema, textField, updatedBySchema, versionField } from '../fields';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * Marketplace → Request/Buy: members ask for a product nobody lists (the member app, `POST /api/app/{service}/RequestBuy`);
 * staff answer with a quote (`open` → `quoted`: a price in satang and the terms) or close it (`open` | `quoted` →
 * `closed`, saying why). Each answer is versioned (409 with the request as it is now when stale) and records who
 * answered and when; any other move is 400 `invalidTransition`.
 */
export const purchaseRequestItemSchema = rowMetaSchema.extend({
  memberId: z.coerce.string(),
  memberName: z.string(),
  memberPhone: z.string().nullish(),
  title: z.string(),
  detail: z.string(),
  quantity: z.number().int(),
  /** Image keys (contract/images.ts), the first shown in lists. */
  images: z.array(z.string()),
  state: z.enum(PURCHASE_REQUEST_STATES),
  /** Satang, set by a quote. */
  quotePrice: z.number().int().nullish(),
  answer: z.string(),
  answeredBy: updatedBySchema.nullish(),
  answeredAt: z.string().nullish(),
});
export type PurchaseRequestItem = z.infer<typeof purchaseRequestItemSchema>;

const SORT = ['createdAt', 'title', 'quantity'] as const;
/** `?state=open&areaId=…&q=…` (q: the title or the member's name). */
export const purchaseRequestQuerySchema = listQuerySchema(SORT, {
  state: filter.oneOf(PURCHASE_REQUEST_STATES),
  areaId: filter.ref(),
});
export type PurchaseRequestQuery = z.infer<typeof purchaseRequestQuerySchema>;

/** `PATCH {path}/{id}/quote`: the price (satang, more than 0), the terms, and the version last read. */
export const purchaseRequestQuoteSchema = z.object({
  quotePrice: intField(1, Number.MAX_SAFE_INTEGER),
  answer: reasonField(),
  version: versionField(),
});
export type PurchaseRequestQuote = z.infer<typeof purchaseRequestQuoteSchema>;

/** `PATCH {path}/{id}/close`: why the request is closed (required), and the version last read. */
export const purchaseRequestCloseSchema = z.object({
  answer: reasonField(),
  version: versionField(),
});
export type PurchaseRequestClose = z.infer<typeof purchaseRequestCloseSchema>;

/** `POST /api/app/{service}/RequestBuy`: the member app sends a member's request (in the member's area). */
export const purchaseRequestCreateSchema = z.object({
  memberId: refField(),
  title: nameField(100),
  detail: textField(1000).default(''),
  quantity: intField(1, 9999).default(1),
  images: imageListField(MAX_IMAGES),
});
export type PurchaseRequestCreate = z.infer<typeof purchaseRequestCreateSchema>;

/** `GET /api/app/{service}/RequestBuy?memberId=`: the member's requests with their answers, newest first. */
export const purchaseRequestMemberQuerySchema = z.strictObject({ memberId: refField() });

export const purchaseRequestContract = {
  name: 'PurchaseRequest',
  path: 'Request/Buy',
  scope: 'area',
  sort: SORT,
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: ['title', 'memberName'],
  schemas: {
    item: purchaseRequestItemSchema,
    query: purchaseRequestQuerySchema,
    quote: purchaseRequestQuoteSchema,
    close: purchaseRequestCloseSchema,
    appCreate: purchaseRequestCreateSchema,
    appQuery: purchaseRequestMemberQuerySchema,
  },
} as const satisfies ResourceContractBase;
