import { z } from 'zod';
import { ORDER_KINDS, ORDER_STATUSES } from '../lifecycle/orders';

/**
 * The task monitor's answer (`GET /api/admin/{service}/Monitor/Biker`, docs/orders.md section 4): the bikers in scope
 * with their current tasks, and the orders waiting for a biker. Ids and coordinates travel as strings, money in satang.
 */
export const PRESENCES = ['online', 'away', 'dnd', 'offline'] as const;
export type Presence = (typeof PRESENCES)[number];
export const BIKER_ACCOUNT_STATUSES = ['pending', 'active', 'suspended', 'close'] as const;

/**
 * What may be done with an order on the monitor, computed by the Platform API from the lifecycle and the order's
 * biker (as an order detail's `actions`): `waiting` it has no biker and one can be assigned (`biker_receive_order`),
 * `changeable` its biker can be changed (`biker_change`). Order answers and `order.event` messages carry both.
 */
export const monitorFlagsSchema = z.object({
  waiting: z.boolean().describe('No biker yet, and one can be assigned (`biker_receive_order` allowed)'),
  changeable: z.boolean().describe('A biker, who can be changed (`biker_change` allowed)'),
});
export type MonitorFlags = z.infer<typeof monitorFlagsSchema>;

const point = z.object({ address: z.string(), lat: z.string(), lng: z.string() });

export const bikerItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  areaId: z.string(),
  areaName: z.string(),
  presence: z.enum(PRESENCES),
  status: z.enum(BIKER_ACCOUNT_STATUSES),
  lat: z.string().nullable(),
  lng: z.string().nullable(),
  positionAt: z.string().nullable(),
});
export type BikerItem = z.infer<typeof bikerItemSchema>;

export const monitorOrderSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  areaId: z.string(),
  areaName: z.string(),
  shopName: z.string().nullable(),
  memberName: z.string(),
  senderName: z.string().nullable(),
  total: z.number().int(),
  bikerId: z.string().nullable(),
  createdAt: z.string(),
  pickup: point,
  dropoff: point,
  /** The delivery distance the order was priced by, in metres (docs/orders.md, "Delivery pricing"); absent before it. */
  distanceM: z.number().int().nullish(),
  /**
   * When the order was offered to its biker, who has yet to accept it (Config/Biker `acceptTimeoutSec`, docs/orders.md
   * section 1); null once accepted or when the biker took it themselves.
   */
  offeredAt: z.string().nullish(),
  ...monitorFlagsSchema.shape,
});
export type MonitorOrder = z.infer<typeof monitorOrderSchema>;

export const monitorBikerSchema = bikerItemSchema.extend({
  /** An order of theirs is in an assigned status. */
  assigned: z.boolean(),
  tasks: z.array(monitorOrderSchema),
});
export type MonitorBiker = z.infer<typeof monitorBikerSchema>;

export const monitorBoardSchema = z.object({
  bikers: z.array(monitorBikerSchema),
  waiting: z.array(monitorOrderSchema),
});
export type MonitorBoard = z.infer<typeof monitorBoardSchema>;
