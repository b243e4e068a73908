import { and, eq, isNull } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { CompanyDistanceUnit } from '@contract/distance-units';
import type { Db } from '../../db/client';
import { carriers, companies, messengerFees, shippingRates, type OrderKind } from '../../db/schema';
import type { FieldErrors } from '../../kit/errors';
import { parseId } from '../../kit/schemas';
import type { OrderLine } from '../catalogue-orders';
import type { ServiceScope } from '../scope';
import { distanceMetres, pickDistanceTable, priceByDistance, priceByWeight, shipmentWeight, type Point } from './rules';

/**
 * One pricing module for every order (docs/orders.md section 4, "Delivery pricing"): the Platform API computes the
 * delivery fee from the area's tables as they are when the order is placed, and the order keeps it whatever the
 * tables become. Never the app's figure, and no fallback to it: without the table it needs, an order is refused
 * (`noFeeTable`).
 * - a food order of a Delivery app: the area's delivery fee table (ShippingRate) in the company's distance unit
 *   (else the other unit's, converted), by the great-circle distance from the shop to the drop-off;
 * - a Marketplace order: the weight table of the carrier the member chose (`carrierId`, an open carrier of the
 *   member's area), by the weight of its catalogue items;
 * - a parcel: the area's messenger fee table, by the parcel's `weightGram`.
 */

/** Extra values a refusal's message names, per field (`{dropoff: {limit: 15, unit: 'km'}}`). */
export type FieldParams = Record<string, Record<string, string | number>>;

export interface PriceRequest {
  kind: OrderKind;
  areaId: number;
  /** The shop's position (food) or the pickup (parcel); null when unknown (the order is refused for it already). */
  from: Point | null;
  to: Point;
  /** A parcel's weight as the app sends it. */
  weightGram?: number;
  /** A Marketplace order's carrier. */
  carrierId?: string;
  lines: readonly OrderLine[];
}

/** What the order keeps of its pricing. */
export interface Priced {
  deliveryFee: number;
  distanceM: number | null;
  estimateMinutes: number | null;
  carrierId: number | null;
  /** A parcel's weight, or a Marketplace shipment's; null for a Delivery food order. */
  weightGram: number | null;
}

/** The company's distance unit (Setting/System). */
export async function companyDistanceUnit(db: Db, companyId: number): Promise<CompanyDistanceUnit> {
  const [row] = await db.select({ unit: companies.distanceUnit }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.unit === 'mi' ? 'mi' : 'km';
}

/** The area's live delivery fee tables (one per unit at most). */
function distanceTables(db: Db, scope: ServiceScope, areaId: number) {
  return db
    .select({ unit: shippingRates.unit, deliveryDistance: shippingRates.deliveryDistance, bands: shippingRates.bands })
    .from(shippingRates)
    .where(and(eq(shippingRates.appId, scope.appId), eq(shippingRates.areaId, areaId), isNull(shippingRates.deletedAt)))
    .orderBy(shippingRates.id);
}

async function messengerTable(db: Db, scope: ServiceScope, areaId: number) {
  const [table] = await db
    .select({ maxWeight: messengerFees.maxWeight, bands: messengerFees.bands })
    .from(messengerFees)
    .where(and(eq(messengerFees.appId, scope.appId), eq(messengerFees.areaId, areaId), isNull(messengerFees.deletedAt)))
    .limit(1);
  return table ?? null;
}

/** An open carrier of the area, by id. */
async function carrierOf(db: Db, scope: ServiceScope, areaId: number, carrierId: string) {
  const [carrier] = await db
    .select({ id: carriers.id, maxWeight: carriers.maxWeight, bands: carriers.bands })
    .from(carriers)
    .where(
      and(
        eq(carriers.id, parseId(carrierId) ?? -1),
        eq(carriers.companyId, scope.companyId),
        eq(carriers.appId, scope.appId),
        eq(carriers.areaId, areaId),
        eq(carriers.status, 'active'),
        isNull(carriers.deletedAt),
      ),
    )
    .limit(1);
  return carrier ?? null;
}

const refuse = (errors: FieldErrors, field: string, code: string) => {
  errors[field] = [code];
  return 0;
};

async function priceFood(db: Db, scope: ServiceScope, req: PriceRequest, distanceM: number | null, errors: FieldErrors, params: FieldParams) {
  const unit = await companyDistanceUnit(db, scope.companyId);
  const table = pickDistanceTable(await distanceTables(db, scope, req.areaId), unit);
  if (!table) return { fee: refuse(errors, 'dropoff', CODES.noFeeTable), estimateMinutes: null };
  if (distanceM === null) return { fee: 0, estimateMinutes: null };
  const price = priceByDistance(table, distanceM, unit);
  if (price.ok) return { fee: price.fee, estimateMinutes: price.estimateMinutes };
  params.dropoff = { limit: price.limit, unit: price.unit };
  return { fee: refuse(errors, 'dropoff', price.code), estimateMinutes: null };
}

async function priceShipment(db: Db, scope: ServiceScope, req: PriceRequest, errors: FieldErrors, params: FieldParams) {
  const weight = shipmentWeight(req.lines);
  if (req.carrierId === undefined) return { fee: refuse(errors, 'carrierId', CODES.required), carrierId: null, weight };
  const carrier = await carrierOf(db, scope, req.areaId, req.carrierId);
  if (!carrier) return { fee: refuse(errors, 'carrierId', CODES.unknownReference), carrierId: null, weight };
  const price = priceByWeight(carrier, weight);
  if (price.ok) return { fee: price.fee, carrierId: carrier.id, weight };
  params.carrierId = { limit: price.limit };
  return { fee: refuse(errors, 'carrierId', price.code), carrierId: carrier.id, weight };
}

async function priceParcel(db: Db, scope: ServiceScope, req: PriceRequest, errors: FieldErrors, params: FieldParams): Promise<number> {
  const table = await messengerTable(db, scope, req.areaId);
  if (!table) return refuse(errors, 'weightGram', CODES.noFeeTable);
  if (req.weightGram === undefined) return 0;
  const price = priceByWeight(table, req.weightGram);
  if (price.ok) return price.fee;
  params.weightGram = { limit: price.limit };
  return refuse(errors, 'weightGram', price.code);
}

/**
 * The order's delivery fee and what it was priced by. Refusals go in `errors` (with what their message names in
 * `params`): `dropoff: ['noFeeTable' | 'distanceOverLimit']`, `weightGram: ['noFeeTable' | 'weightOverLimit']`,
 * `carrierId: ['required' | 'unknownReference' | 'weightOverLimit']`.
 */
export async function priceOrder(db: Db, scope: ServiceScope, req: PriceRequest, errors: FieldErrors, params: FieldParams): Promise<Priced> {
  const distanceM = req.from ? distanceMetres(req.from, req.to) : null;
  const marketplace = scope.appType === 'Marketplace' && req.kind === 'food';
  if (!marketplace && req.carrierId !== undefined) errors.carrierId = [CODES.unknownReference];
  // A drop-off refused already (outside every open area) is priced by no table.
  if (errors.dropoff) return { deliveryFee: 0, distanceM, estimateMinutes: null, carrierId: null, weightGram: req.weightGram ?? null };
  if (req.kind === 'parcel') {
    const fee = await priceParcel(db, scope, req, errors, params);
    return { deliveryFee: fee, distanceM, estimateMinutes: null, carrierId: null, weightGram: req.weightGram ?? null };
  }
  if (marketplace) {
    const shipment = await priceShipment(db, scope, req, errors, params);
    return { deliveryFee: shipment.fee, distanceM, estimateMinutes: null, carrierId: shipment.carrierId, weightGram: shipment.weight };
  }
  const food = await priceFood(db, scope, req, distanceM, errors, params);
  return { deliveryFee: food.fee, distanceM, estimateMinutes: food.estimateMinutes, carrierId: null, weightGram: null };
}
