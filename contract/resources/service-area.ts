import { z } from 'zod';
import { CODES } from '../codes';
import { nameField, rowMetaSchema, textField, versionField } from '../fields';
import { containsPoint, MAX_VERTICES, polygonProblem, type PolygonGeometry, type Position } from '../geo';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

export const AREA_STATUSES = ['AreaReady', 'AreaClose'] as const;
export type AreaStatusValue = (typeof AREA_STATUSES)[number];

const invalidPolygon = { error: () => CODES.invalidPolygon };
/** `[lng, lat]` (an array of two numbers: OpenAPI describes it plainly, unlike a tuple). */
const position = z.array(z.number(invalidPolygon), invalidPolygon).length(2, CODES.invalidPolygon);

/**
 * A service area's boundary: a GeoJSON Polygon with one closed ring of `[lng, lat]` positions (no holes), at least 3
 * distinct points, at most 500, whose edges do not cross (`invalidPolygon` on the field).
 */
export const boundarySchema = z
  .object(
    {
      type: z.literal('Polygon', invalidPolygon),
      coordinates: z.array(z.array(position, invalidPolygon).max(MAX_VERTICES + 1, CODES.invalidPolygon), invalidPolygon).length(1, CODES.invalidPolygon),
    },
    invalidPolygon,
  )
  .superRefine((value, ctx) => {
    const ring = value.coordinates[0];
    if (ring && polygonProblem(ring as Position[]) !== null) ctx.addIssue({ code: 'custom', message: CODES.invalidPolygon });
  });

const centerField = (limit: 90 | 180) =>
  z
    .number({ error: () => CODES.invalidLatLng })
    .min(-limit, CODES.invalidLatLng)
    .max(limit, CODES.invalidLatLng)
    .nullish();

/** A centre set by hand lies inside the boundary (else the API computes it: the boundary's centre of area). */
const centreInside = (value: { boundary?: unknown; centerLat?: unknown; centerLng?: unknown }, ctx: z.RefinementCtx) => {
  const { boundary, centerLat, centerLng } = value;
  if (typeof centerLat !== 'number' || typeof centerLng !== 'number') return;
  const parsed = boundarySchema.safeParse(boundary);
  if (parsed.success && !containsPoint(parsed.data as unknown as PolygonGeometry, centerLng, centerLat)) {
    ctx.addIssue({ code: 'custom', path: ['centerLat'], message: CODES.invalidLatLng });
  }
};

const fields = {
  name: nameField(100),
  status: z.enum(AREA_STATUSES, { error: () => CODES.required }).default('AreaReady'),
  province: textField(100).default(''),
  amphure: textField(100).default(''),
  district: textField(100).default(''),
  centerLat: centerField(90),
  centerLng: centerField(180),
};

const itemSchema = rowMetaSchema.extend({
  appid: z.coerce.string(),
  name: z.string(),
  status: z.enum(AREA_STATUSES),
  province: z.string(),
  amphure: z.string(),
  district: z.string(),
  boundary: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }).nullable(),
  centerLat: z.number().nullable(),
  centerLng: z.number().nullable(),
  /** Whether a boundary is drawn (areas from before boundaries have none). */
  hasBoundary: z.boolean(),
});

/** Where a point falls: the live area of the app whose boundary holds it, or none. */
export const areaLookupQuerySchema = z.object({
  lat: z.coerce
    .number({ error: () => CODES.invalidLatLng })
    .min(-90, CODES.invalidLatLng)
    .max(90, CODES.invalidLatLng),
  lng: z.coerce
    .number({ error: () => CODES.invalidLatLng })
    .min(-180, CODES.invalidLatLng)
    .max(180, CODES.invalidLatLng),
});
export const areaLookupSchema = z.object({
  area: z.object({ id: z.string(), name: z.string(), status: z.enum(AREA_STATUSES) }).nullable(),
});
export type AreaLookup = z.infer<typeof areaLookupSchema>;

/**
 * System Settings → Service area (`Setting/ServiceArea`): the app's areas, each with its boundary drawn on a map. A
 * boundary may not overlap another live area of the app ('This area is already in use': `areaInUse` on `boundary`);
 * a company at its plan's `maxAreas` adds none ('Service area limit reached': `serviceAreaLimit`).
 */
export const serviceAreaContract = {
  name: 'ServiceArea',
  path: 'Setting/ServiceArea',
  scope: 'area',
  sort: ['name', 'status', 'province', 'updatedAt'],
  defaultSort: { sort: 'name', order: 'asc' },
  search: ['name', 'province'],
  schemas: {
    item: itemSchema,
    create: z.object({ ...fields, boundary: boundarySchema }).superRefine(centreInside),
    update: z.object({ ...fields, boundary: boundarySchema.nullable(), version: versionField() }).superRefine(centreInside),
    query: listQuerySchema(['name', 'status', 'province', 'updatedAt'], { status: filter.oneOf(AREA_STATUSES), hasBoundary: filter.bool() }),
  },
} as const satisfies ResourceContractBase;

export type ServiceAreaItem = z.infer<typeof itemSchema>;
export type ServiceAreaCreate = z.infer<typeof serviceAreaContract.schemas.create>;
export type ServiceAreaUpdate = z.infer<typeof serviceAreaContract.schemas.update>;
