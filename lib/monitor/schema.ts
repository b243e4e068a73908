import { z } from 'zod';
import { idRefSchema } from '@/lib/resources/validation';
import { isAssigned } from '@contract/lifecycle';

/**
 * The monitor's data (`GET /api/admin/{service}/Monitor/Biker`) and the real-time events (docs/orders.md sections 4
 * and 5), parsed into the shapes the board uses. Ids become strings and coordinates numbers; a position may come as
 * `lat`/`lng` or as `position{lat, lng}`, a pickup as `pickup{lat, lng}` or `pickupLat`/`pickupLng`; the answer may be
 * wrapped in `{status, data}`. Used by the server (first render, the relay) and the browser (re-fetches, events).
 */
export const PRESENCES = ['online', 'away', 'dnd', 'offline'] as const;
export type Presence = (typeof PRESENCES)[number];

const idSchema = z.union([z.string().min(1), z.number()]).transform(String);
const optionalIdSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));
const coordinateSchema = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  });
const textSchema = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const presenceSchema = z.preprocess((v) => (v === 'do not disturb' ? 'dnd' : v), z.enum(PRESENCES));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lifts `{[key]: {lat, lng}}` to `{[prefix]Lat, [prefix]Lng}` when the flat fields are absent. */
function flattenPoint(key: string, lat: string, lng: string) {
  return (raw: unknown) => {
    if (!isRecord(raw) || !isRecord(raw[key]) || raw[lat] !== undefined) return raw;
    const point = raw[key] as Record<string, unknown>;
    return { ...raw, [lat]: point.lat, [lng]: point.lng };
  };
}

export const monitorTaskSchema = z.preprocess(
  flattenPoint('dropoff', 'dropoffLat', 'dropoffLng'),
  z.object({
    id: idSchema,
    orderNo: z.string(),
    kind: z.string(),
    status: z.string(),
    dropoffLat: coordinateSchema,
    dropoffLng: coordinateSchema,
  }),
);
export type MonitorTask = z.infer<typeof monitorTaskSchema>;

export const monitorOrderSchema = z.preprocess(
  flattenPoint('pickup', 'pickupLat', 'pickupLng'),
  z.object({
    id: idSchema,
    orderNo: z.string(),
    kind: z.string(),
    status: z.string(),
    areaId: optionalIdSchema,
    areaName: textSchema,
    shopName: textSchema,
    memberName: textSchema,
    senderName: textSchema,
    total: z
      .number()
      .int()
      .nullish()
      .transform((v) => v ?? null),
    bikerId: optionalIdSchema,
    createdAt: textSchema,
    pickupLat: coordinateSchema,
    pickupLng: coordinateSchema,
  }),
);
export type MonitorOrder = z.infer<typeof monitorOrderSchema>;

export const monitorBikerSchema = z.preprocess(
  flattenPoint('position', 'lat', 'lng'),
  z
    .object({
      id: idSchema,
      name: z.string(),
      phone: textSchema,
      areaId: optionalIdSchema,
      areaName: textSchema,
      presence: presenceSchema,
      /** The account status; only an active biker can take an order. Absent → active. */
      status: z
        .string()
        .nullish()
        .transform((v) => v ?? 'active'),
      lat: coordinateSchema,
      lng: coordinateSchema,
      positionAt: z
        .string()
        .nullish()
        .transform((v) => v ?? null),
      /** `true`/`false` or `assigned`/`not assigned`; absent → derived from the tasks. */
      assigned: z.union([z.boolean(), z.string()]).nullish(),
      tasks: z
        .array(monitorTaskSchema)
        .nullish()
        .transform((v) => v ?? []),
    })
    .transform(({ assigned, ...biker }) => ({
      ...biker,
      assigned:
        typeof assigned === 'boolean' ? assigned : typeof assigned === 'string' ? assigned === 'assigned' : biker.tasks.some((task) => isAssigned(task.status)),
    })),
);
export type MonitorBiker = z.infer<typeof monitorBikerSchema>;

export const monitorDataSchema = z.preprocess(
  (raw) => (isRecord(raw) && isRecord(raw.data) && 'bikers' in raw.data ? raw.data : raw),
  z.object({
    bikers: z.array(monitorBikerSchema),
    waiting: z
      .array(monitorOrderSchema)
      .nullish()
      .transform((v) => v ?? []),
  }),
);
export type MonitorData = z.infer<typeof monitorDataSchema>;

export const orderLiveEventSchema = z.object({
  type: z.literal('order.event'),
  orderId: idSchema,
  orderNo: z.string(),
  kind: z.string(),
  event: z.string(),
  status: z.string(),
  bikerId: optionalIdSchema,
  previousBikerId: optionalIdSchema,
  areaId: optionalIdSchema,
  at: z.string(),
});
export type OrderLiveEvent = z.infer<typeof orderLiveEventSchema>;

export const presenceLiveEventSchema = z.object({
  type: z.literal('biker.presence'),
  bikerId: idSchema,
  presence: presenceSchema,
  lat: coordinateSchema,
  lng: coordinateSchema,
  areaId: optionalIdSchema,
  at: z.string(),
});
export type PresenceLiveEvent = z.infer<typeof presenceLiveEventSchema>;

export const liveEventSchema = z.discriminatedUnion('type', [orderLiveEventSchema, presenceLiveEventSchema]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** `PATCH /api/admin/{service}/Monitor/Biker/assign`: checked by the dialog and again by the BFF before it is forwarded. */
export const monitorAssignSchema = z.object({
  orderId: idRefSchema,
  bikerId: idRefSchema,
});
export type MonitorAssignBody = z.infer<typeof monitorAssignSchema>;
