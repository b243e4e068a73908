/** Shop and catalogue statuses (spec section 4) and the shop status transitions. */
export const OPEN_STATUSES = ['active', 'close'] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

export const SHOP_STATUSES = ['pending', 'active', 'suspended', 'close'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

export const REGISTRATION_STATES = ['waiting', 'approved', 'rejected'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** Allowed status changes: pending → active | close; active ↔ suspended; any → close. */
const SHOP_TRANSITIONS: Readonly<Record<ShopStatus, readonly ShopStatus[]>> = {
  pending: ['active', 'close'],
  active: ['suspended', 'close'],
  suspended: ['active', 'close'],
  close: [],
};

export const canMoveShop = (from: ShopStatus, to: ShopStatus): boolean => SHOP_TRANSITIONS[from].includes(to);

/** The statuses a shop in `from` may move to, in the order of SHOP_STATUSES. */
export function allowedShopTransitions(from: string): ShopStatus[] {
  const next = Object.hasOwn(SHOP_TRANSITIONS, from) ? SHOP_TRANSITIONS[from as ShopStatus] : (['close'] as const);
  return SHOP_STATUSES.filter((s) => next.includes(s));
}
