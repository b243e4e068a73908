import { z } from 'zod';
import { idRefSchema } from '@/lib/resources/validation';
import {
  monitorBoardSchema,
  monitorFlagsSchema,
  PRESENCES,
  type MonitorBiker as ContractMonitorBiker,
  type MonitorFlags,
  type MonitorOrder as ContractMonitorOrder,
  type Presence,
} from '@contract/resources/monitor';

/**
 * The monitor's data (`GET /api/admin/{service}/Monitor/Biker`) and the real-time events (docs/orders.md sections 4
 * and 5), parsed into the shapes the board uses. The answer is checked against the contract's board schema (wrapped in
 * `{status, data}` or not), then ids stay strings and coordinates become numbers. Whether an order waits for a biker
 * and whether its biker can be changed are the Platform API's `waiting` and `changeable` flags, on the answer's orders
 * and on each `order.event`. Used by the server (first render, the relay) and the browser (re-fetches, events).
 */
export { PRESENCES, type Presence } from '@contract/resources/monitor';

const idSchema = z.union([z.string().min(1), z.number()]).transform(String);
const optionalIdSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));

/** A coordinate as a number; null when absent or not a number. */
function coordinate(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
const coordinateSchema = z.union([z.number(), z.string()]).nullish().transform(coordinate);
const presenceSchema = z.preprocess((v) => (v === 'do not disturb' ? 'dnd' : v), z.enum(PRESENCES));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A biker's current order. */
export interface MonitorTask {
  id: string;
  orderNo: string;
  kind: string;
  status: string;
  dropoffLat: number | null;
  dropoffLng: number | null;
  /** The Platform API's flag: the order's biker can be changed now. */
  changeable: boolean;
  /** Offered to the biker, who has yet to accept it (it goes back to waiting when not accepted in time). */
  offered: boolean;
}

/** An order waiting for a biker. */
export interface MonitorOrder extends MonitorFlags {
  id: string;
  orderNo: string;
  kind: string;
  status: string;
  areaId: string | null;
  areaName: string;
  shopName: string;
  memberName: string;
  senderName: string;
  total: number | null;
  bikerId: string | null;
  createdAt: string;
  pickupLat: number | null;
  pickupLng: number | null;
  /** The delivery distance in metres (shown in the company's unit), null when the API gives none. */
  distanceM: number | null;
}

export interface MonitorBiker {
  id: string;
  name: string;
  phone: string;
  areaId: string | null;
  areaName: string;
  presence: Presence;
  /** The account status; only an active biker can take an order. */
  status: string;
  lat: number | null;
  lng: number | null;
  positionAt: string | null;
  assigned: boolean;
  tasks: MonitorTask[];
}

export interface MonitorData {
  bikers: MonitorBiker[];
  waiting: MonitorOrder[];
}

const toTask = (o: ContractMonitorOrder): MonitorTask => ({
  id: o.id,
  orderNo: o.orderNo,
  kind: o.kind,
  status: o.status,
  dropoffLat: coordinate(o.dropoff.lat),
  dropoffLng: coordinate(o.dropoff.lng),
  changeable: o.changeable,
  offered: Boolean(o.offeredAt),
});

const toWaitingOrder = (o: ContractMonitorOrder): MonitorOrder => ({
  id: o.id,
  orderNo: o.orderNo,
  kind: o.kind,
  status: o.status,
  areaId: o.areaId || null,
  areaName: o.areaName,
  shopName: o.shopName ?? '',
  memberName: o.memberName,
  senderName: o.senderName ?? '',
  total: o.total,
  bikerId: o.bikerId,
  createdAt: o.createdAt,
  pickupLat: coordinate(o.pickup.lat),
  pickupLng: coordinate(o.pickup.lng),
  distanceM: o.distanceM ?? null,
  waiting: o.waiting,
  changeable: o.changeable,
});

const toBiker = ({ tasks, ...b }: ContractMonitorBiker): MonitorBiker => ({
  id: b.id,
  name: b.name,
  phone: b.phone,
  areaId: b.areaId || null,
  areaName: b.areaName,
  presence: b.presence,
  status: b.status,
  lat: coordinate(b.lat),
  lng: coordinate(b.lng),
  positionAt: b.positionAt,
  assigned: b.assigned,
  tasks: tasks.map(toTask),
});

export const monitorDataSchema = z.preprocess(
  (raw) => (isRecord(raw) && isRecord(raw.data) && 'bikers' in raw.data ? raw.data : raw),
  monitorBoardSchema.transform((board): MonitorData => ({ bikers: board.bikers.map(toBiker), waiting: board.waiting.map(toWaitingOrder) })),
);

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
  ...monitorFlagsSchema.shape,
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
