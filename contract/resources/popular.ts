import { z } from 'zod';
import { boolField, dateField, sortOrderField } from '../fields';
import { filter } from '../list';
import { defineResourceContract, endNotBeforeStart } from '../resource';
import { shopRefField } from './promotion';

/** Privileges → Popular: the shops the member app features in an area, in hand order, within their period. */
export const popularContract = defineResourceContract({
  name: 'PopularShop',
  noun: 'popular shop',
  path: 'Popular',
  scope: 'area',
  fields: {
    /** One entry per shop and area. */
    shopId: shopRefField(),
    /** Left out: after the area's last entry. */
    sortOrder: sortOrderField().optional(),
    startsOn: z.union([dateField(), z.literal('')]).default(''),
    endsOn: z.union([dateField(), z.literal('')]).default(''),
    active: boolField(),
  },
  refine: endNotBeforeStart('startsOn', 'endsOn'),
  itemFields: { shopName: z.string().nullish() },
  sort: ['sortOrder', 'startsOn', 'createdAt'],
  defaultSort: 'sortOrder',
  search: [],
  filters: { active: filter.bool(), areaId: filter.ref() },
  sortOrder: 'sortOrder',
});

/** `GET /api/app/{service}/Popular`: the area. */
export const appPopularQuerySchema = z.object({ areaId: filter.ref().unwrap() });

/** A popular shop as the member app lists it, in hand order. */
export const appPopularSchema = z.object({ shopId: z.string(), shopName: z.string(), sortOrder: z.number().int() });
