import { imageRefField } from '../images';
import { z } from 'zod';
import { CODES } from '../codes';
import { boolField, dateField, enumField, nameField, refField, textField } from '../fields';
import { PROMOTION_TARGETS } from '../lifecycle/privileges';
import { filter } from '../list';
import { defineResourceContract, endNotBeforeStart } from '../resource';

/**
 * Where a promotion stands today: `off` when switched off, else `scheduled` before its first day, `ended` after its
 * last day, `running` within its period (the company's days).
 */
export const PROMOTION_STATUSES = ['scheduled', 'running', 'ended', 'off'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** How many shops one promotion may name. */
export const PROMOTION_SHOP_LIMIT = 50;

/** The status of a promotion on a day of the company (`YYYY-MM-DD`). */
export function promotionStatus(row: { active: boolean; startsOn: string; endsOn: string }, today: string): PromotionStatus {
  if (!row.active) return 'off';
  if (today < row.startsOn) return 'scheduled';
  if (today > row.endsOn) return 'ended';
  return 'running';
}

/** A shop's id, sent as text or a number, kept as a number. */
export const shopRefField = () => refField().transform(Number).pipe(z.number().int());

/** A `shops` promotion names 1 to 50 shops (an `app` promotion names none: the API keeps its list empty). */
const namesItsShops = (value: { target?: unknown; shopIds?: unknown }, ctx: z.RefinementCtx) => {
  if (value.target !== 'shops') return;
  const ids = Array.isArray(value.shopIds) ? value.shopIds : [];
  if (ids.length === 0) ctx.addIssue({ code: 'custom', path: ['shopIds'], message: CODES.required });
};

/** Privileges → Promotion: what the apps show within a period, in the whole app or in the shops it names. */
export const promotionContract = defineResourceContract({
  name: 'Promotion',
  noun: 'promotion',
  path: 'Promotion',
  scope: 'area',
  fields: {
    title: nameField(100),
    imageUrl: imageRefField(),
    detail: textField(2000).default(''),
    target: enumField(PROMOTION_TARGETS).default('app'),
    shopIds: z
      .array(shopRefField(), { error: () => CODES.unknownReference })
      .max(PROMOTION_SHOP_LIMIT, CODES.outOfRange)
      .refine((ids) => new Set(ids).size === ids.length, CODES.overlap)
      .default([]),
    startsOn: dateField(),
    endsOn: dateField(),
    active: boolField(),
  },
  refine: (value, ctx) => {
    endNotBeforeStart('startsOn', 'endsOn')(value, ctx);
    namesItsShops(value, ctx);
  },
  itemFields: { status: z.enum(PROMOTION_STATUSES) },
  sort: ['startsOn', 'endsOn', 'title', 'createdAt'],
  defaultSort: 'startsOn',
  defaultOrder: 'desc',
  search: ['title'],
  filters: { status: filter.oneOf(PROMOTION_STATUSES), target: filter.oneOf(PROMOTION_TARGETS), areaId: filter.ref() },
});

/** `GET /api/app/{service}/Promotion`: the area, and a shop whose page shows them. */
export const appPromotionQuerySchema = z.object({ areaId: filter.ref().unwrap(), shopId: filter.ref() });

/** A promotion as the member app shows it. */
export const appPromotionSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  detail: z.string(),
  target: z.enum(PROMOTION_TARGETS),
  shopIds: z.array(z.number().int()),
  startsOn: z.string(),
  endsOn: z.string(),
});
