import { z } from 'zod';

/** Message keys (below `orders.errors.`) of the answers an order action can get. */
export type OrderErrorKey =
  | 'transitionRefused'
  | 'bikerUnavailable'
  | 'bikerBusy'
  | 'bikerPackageExpired'
  | 'conflict'
  | 'sessionEnded'
  | 'notAllowed'
  | 'notFound'
  | 'invalid'
  | 'unavailable'
  | 'failed';

const bodySchema = z.object({ message: z.string().optional(), code: z.string().optional() });

/** What to tell the user about a failed order action, from the HTTP status and the answer's `message` / `code`. */
export function orderErrorKey(status: number, body: unknown): OrderErrorKey {
  const parsed = bodySchema.safeParse(body);
  const message = parsed.success ? (parsed.data.message ?? '') : '';
  if (message === 'ORDER_TRANSITION_REFUSED') return 'transitionRefused';
  if (message === 'BIKER_UNAVAILABLE') return 'bikerUnavailable';
  if (message === 'BIKER_BUSY') return 'bikerBusy';
  if (message === 'BIKER_PACKAGE_EXPIRED') return 'bikerPackageExpired';
  if (status === 409) return 'conflict';
  if (status === 401) return 'sessionEnded';
  if (status === 403) return 'notAllowed';
  if (status === 404) return 'notFound';
  if (status === 400 || status === 422) return 'invalid';
  if (status === 502 || status === 503 || status === 504 || status === 0) return 'unavailable';
  return 'failed';
}
