import { z } from 'zod';
import { intField, updatedBySchema, versionField } from '../fields';
import type { ResourceContractBase } from '../resource';

/** The bounds of the biker settings (the spec's hints: at least 25 seconds, at least 5 km, at most 24 hours). */
export const BIKER_CONFIG_LIMITS = {
  maxTasks: [1, 10],
  acceptTimeoutSec: [25, 3600],
  searchRadiusKm: [5, 100],
  maxOnlineHours: [1, 24],
  commissionRate: [0, 10_000],
} as const;

const field = (name: keyof typeof BIKER_CONFIG_LIMITS) => intField(...BIKER_CONFIG_LIMITS[name]);
const fields = {
  /** Tasks a biker carries at once. */
  maxTasks: field('maxTasks'),
  /** Seconds a biker has to accept a task. */
  acceptTimeoutSec: field('acceptTimeoutSec'),
  /** How far from a pickup bikers are searched, in km. */
  searchRadiusKm: field('searchRadiusKm'),
  /** Hours a biker may stay online in a row. */
  maxOnlineHours: field('maxOnlineHours'),
  /** Basis points of the delivery fee the app keeps: 2000 = 20 %. */
  commissionRate: field('commissionRate'),
};

/** Biker settings (`Config/Biker`, admin): how tasks reach bikers and the app's cut of the delivery fee; one per app. */
export const bikerConfigContract = {
  name: 'BikerConfig',
  path: 'Config/Biker',
  scope: 'area',
  schemas: {
    item: z.object({
      id: z.coerce.string().optional(),
      appId: z.coerce.string().nullish(),
      maxTasks: z.number().int(),
      acceptTimeoutSec: z.number().int(),
      searchRadiusKm: z.number().int(),
      maxOnlineHours: z.number().int(),
      commissionRate: z.number().int(),
      version: z.number().int(),
      createdAt: z.string().optional(),
      updatedAt: z.string().optional(),
      updatedBy: updatedBySchema.nullish(),
    }),
    /** `PUT {path}`: the settings and the version last read. */
    update: z.object({ ...fields, version: versionField() }),
  },
} as const satisfies ResourceContractBase;
