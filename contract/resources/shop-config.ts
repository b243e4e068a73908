import { z } from 'zod';
import { intField, refField, timeField, updatedBySchema, versionField } from '../fields';
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
 * Shop Management step 5: an area's defaults for new shops (package, type, commission, opening times: overnight or
 * around the clock as a shop's own, contract/opening-hours.ts); one per area.
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
    /** `PUT {path}`: the settings and the version last read. */
    update: z.object({ ...fields, version: versionField() }),
  },
} as const satisfies ResourceContractBase;
