import { z } from 'zod';
import { firstVersionField, intField, refField, timeField, updatedBySchema } from '../fields';
import { filter } from '../list';
import type { ResourceContractBase } from '../resource';

const fields = {
  defaultPackageId: refField(),
  defaultTypeId: refField(),
  /** Basis points: 1500 = 15 %. */
  commissionRate: intField(0, 10_000),
  defaultOpenTime: timeField(),
  defaultCloseTime: timeField(),
};

/**
 * Shop Management step 5: the defaults for new shops (package, type, commission, opening times: overnight or around
 * the clock as a shop's own, contract/opening-hours.ts) of every area, and each area's own (`?areaId=`): an area
 * follows the app's until its own are saved (version 0 until then). The commission rate is the shop commission new
 * orders of the area are split by (docs/orders.md section 2).
 */
export const shopConfigContract = {
  name: 'ShopConfig',
  path: 'Config/Shop',
  scope: 'area',
  schemas: {
    item: z.object({
      id: z.coerce.string().optional(),
      appId: z.coerce.string().nullish(),
      areaId: z.coerce.string().nullish(),
      areaName: z.string().nullish(),
      defaultPackageId: z.coerce.string(),
      defaultTypeId: z.coerce.string(),
      commissionRate: z.number().int(),
      defaultOpenTime: z.string(),
      defaultCloseTime: z.string(),
      version: z.number().int(),
      createdAt: z.string().optional(),
      updatedAt: z.string().optional(),
      updatedBy: updatedBySchema.nullish(),
    }),
    /** `GET|PUT {path}?areaId=`: one area's settings; without it, every area's. */
    query: z.object({ areaId: filter.ref() }),
    /** `PUT {path}`: the settings and the version last read. */
    update: z.object({ ...fields, version: firstVersionField() }),
  },
} as const satisfies ResourceContractBase;
