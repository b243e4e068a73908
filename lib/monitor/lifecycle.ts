/**
 * What the monitor needs of the order lifecycle (docs/orders.md section 1): which statuses hold a biker, which wait
 * for one.
 */

/** A biker is assigned while an order of theirs is in one of these. */
export const ASSIGNED_STATUSES: ReadonlySet<string> = new Set(['biker_receive_order', 'biker_to_shop', 'food_otw', 'biker_to_member']);

/** A biker can be changed (`biker_change`) in these. */
export const CHANGEABLE_STATUSES: ReadonlySet<string> = new Set(['biker_receive_order', 'biker_to_shop', 'food_otw']);

/** Ready for a biker (`biker_receive_order` allowed): food once the shop received it, parcels once created or paid. */
export function isWaitingForBiker(kind: string, status: string): boolean {
  if (kind === 'food') return status === 'shop_receive_order';
  return status === 'member_create_order' || status === 'member_create_order_payment_success';
}
