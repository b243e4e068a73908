/**
 * The calls that stand for the member, shop and biker apps live below `/api/app/`, need the app channel's key in
 * `x-app-key` besides a bearer token, and are never forwarded by the portal's BFF: the BFF forwards `/api/admin/`
 * only, and refuses the same calls there too should an upstream offer them on that path (every role, admin included).
 *
 * What an app sends is not trusted for money: creating an order (`POST /api/app/{service}/Orders|OrdersMessenger`),
 * the Platform API prices the delivery from the area's tables (docs/orders.md section 4, "Delivery pricing") and
 * ignores any `deliveryFee` the app sends; the fee it stored is the one its answer carries.
 */
export const APP_KEY_HEADER = 'x-app-key';

const ORDER_LISTS = new Set(['Orders', 'OrdersMessenger']);

/**
 * Whether a business call (segments after `/api/admin/` or `/api/app/`) stands for an app: creating an order, sending
 * an order's lifecycle event, a biker's presence report, a shop or biker registering itself, a withdrawal request, a member's purchase request. The
 * back-office's own calls (cancel, assign or change the biker, approve a registration, confirm a withdrawal) are not.
 */
export function isAppOnlyCall(method: string, segments: readonly string[]): boolean {
  const upper = method.toUpperCase();
  const [, list, id, action] = segments;
  if (upper === 'POST' && segments.length === 2 && ORDER_LISTS.has(list ?? '')) return true;
  if (upper === 'POST' && segments.length === 4 && ORDER_LISTS.has(list ?? '') && action === 'events') return true;
  if (upper === 'PATCH' && segments.length === 4 && list === 'Monitor' && id === 'Biker' && segments[3] !== 'assign') return true;
  if (upper === 'POST' && segments.length === 3 && list === 'Regis' && (id === 'Shop' || id === 'Biker')) return true;
  if (upper === 'POST' && segments.length === 3 && list === 'Wallet' && id === 'withdraw') return true;
  // A member's purchase request and the member's own list of them (staff answer them at `Request/Buy`).
  if (list === 'RequestBuy') return true;
  return false;
}
