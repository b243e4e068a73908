import type { PaymentMethod, PaymentStatus } from '../db/schema';
import { PLATFORM, type Leg, type OperationInput, type Shares, type WalletOwnerRef } from './ledger';

/** What the ledger needs of an order: its place, its parties and its money. */
export interface LedgerOrder {
  id: number;
  companyId: number;
  appId: number;
  areaId: number;
  memberId: number;
  shopId: number | null;
  bikerId: number | null;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  total: number;
}

const party = (type: 'member' | 'shop' | 'biker', id: number | null, order: LedgerOrder): WalletOwnerRef => {
  if (id === null) throw new Error(`order ${order.id} has no ${type}`);
  return { type, id, areaId: order.areaId };
};
const operation = (order: LedgerOrder, kind: 'pay' | 'settle' | 'refund', legs: Leg[]): OperationInput => ({
  place: { companyId: order.companyId, appId: order.appId },
  key: `${kind}:order:${order.id}`,
  kind,
  orderId: order.id,
  legs,
});

/**
 * `pay:order:{id}` at `member_create_order_payment_success`: from the member's wallet (wallet), or money arriving
 * from outside (PromptPay, credit card, paypal) into the platform's.
 */
export function payOperation(order: LedgerOrder): OperationInput {
  const legs: Leg[] = [{ owner: PLATFORM, type: 'pay', amount: order.total }];
  if (order.paymentMethod === 'wallet') legs.unshift({ owner: party('member', order.memberId, order), type: 'pay', amount: -order.total });
  return operation(order, 'pay', legs);
}

/**
 * `settle:order:{id}` at `success`. A paid order: the platform pays the shop and the biker their shares. Cash: the
 * biker holds the money and owes the app's and the shop's shares.
 */
export function settleOperation(order: LedgerOrder, shares: Shares): OperationInput {
  const biker = party('biker', order.bikerId, order);
  const shop: Leg[] = shares.shop === 0 ? [] : [{ owner: party('shop', order.shopId, order), type: 'pay', amount: shares.shop }];
  const legs: Leg[] =
    order.paymentStatus === 'paid'
      ? [{ owner: PLATFORM, type: 'pay', amount: -(shares.shop + shares.biker) }, ...shop, { owner: biker, type: 'pay', amount: shares.biker }]
      : [{ owner: biker, type: 'pay', amount: -(shares.app + shares.shop) }, ...shop, { owner: PLATFORM, type: 'pay', amount: shares.app }];
  return operation(order, 'settle', legs);
}

/** `refund:order:{id}` at a cancel or `fail` of a paid order: the total back to the member's wallet. */
export function refundOperation(order: LedgerOrder): OperationInput {
  return operation(order, 'refund', [
    { owner: PLATFORM, type: 'refund', amount: -order.total },
    { owner: party('member', order.memberId, order), type: 'refund', amount: order.total },
  ]);
}
