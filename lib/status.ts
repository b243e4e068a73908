import type { OrderEvent, PointMovementKind, PaymentMethod, PromotionTarget, RedemptionState, TransactionStatus, TransactionType } from '@contract/lifecycle';
import type { PromotionStatus } from '@contract/resources/promotion';
import type { AnnouncementStatus } from '@contract/resources/announcements';
import type { SupportCategory, SupportPriority, SupportStatus } from '@contract/resources/support';
import type { FoodAvailability } from '@contract/lifecycle/catalogue';
import type { ProductStatus, PurchaseRequestState, VoucherSource } from '@contract/lifecycle';

/**
 * The statuses of the spec's section 4, each with its badge tone and its message key below `status.`.
 * Values are the data's own spellings; keys are the message keys.
 */
export type BadgeTone = 'neutral' | 'primary' | 'success' | 'danger' | 'warning';

export interface StatusDef {
  key: string;
  tone: BadgeTone;
}

const def = (key: string, tone: BadgeTone): StatusDef => ({ key, tone });

export const STATUSES = {
  account: {
    pending: def('pending', 'warning'),
    active: def('active', 'success'),
    suspended: def('suspended', 'danger'),
    close: def('close', 'neutral'),
  },
  orderEvent: {
    admin_cancel_order: def('adminCancelOrder', 'danger'),
    member_create_order_waiting_payment: def('memberCreateOrderWaitingPayment', 'warning'),
    member_create_order: def('memberCreateOrder', 'primary'),
    member_create_order_payment_success: def('memberCreateOrderPaymentSuccess', 'success'),
    member_cancel_order: def('memberCancelOrder', 'danger'),
    biker_receive_order: def('bikerReceiveOrder', 'primary'),
    biker_change: def('bikerChange', 'warning'),
    shop_receive_order: def('shopReceiveOrder', 'primary'),
    shop_cancel_order: def('shopCancelOrder', 'danger'),
    biker_to_shop: def('bikerToShop', 'primary'),
    biker_to_member: def('bikerToMember', 'primary'),
    food_otw: def('foodOtw', 'primary'),
    success: def('success', 'success'),
    fail: def('fail', 'danger'),
  } satisfies Record<OrderEvent, StatusDef>,
  walletTransaction: {
    Pending: def('pending', 'warning'),
    Success: def('success', 'success'),
  } satisfies Record<TransactionStatus, StatusDef>,
  presence: {
    online: def('online', 'success'),
    away: def('away', 'warning'),
    'do not disturb': def('doNotDisturb', 'danger'),
    /** The Platform API's spelling of "do not disturb". */
    dnd: def('doNotDisturb', 'danger'),
    offline: def('offline', 'neutral'),
  },
  /** A signed-in session (Device Sessions): the viewer's own, another live one, or ended. */
  session: {
    current: def('current', 'primary'),
    live: def('live', 'success'),
    revoked: def('revoked', 'neutral'),
  },
  httpMethod: {
    POST: def('POST', 'primary'),
    PUT: def('PUT', 'warning'),
    PATCH: def('PATCH', 'warning'),
    DELETE: def('DELETE', 'danger'),
  },
  /** A member's review: shown, or hidden by staff. */
  reviewVisibility: {
    visible: def('visible', 'success'),
    hidden: def('hidden', 'warning'),
  },
  auditOutcome: {
    ok: def('ok', 'success'),
    refused: def('refused', 'warning'),
    failed: def('failed', 'danger'),
  },
  device: {
    desktop: def('desktop', 'neutral'),
    phone: def('phone', 'neutral'),
    tablet: def('tablet', 'neutral'),
    other: def('other', 'neutral'),
  },
  assignment: {
    assigned: def('assigned', 'success'),
    'not assigned': def('notAssigned', 'neutral'),
  },
  /** Payment methods as the Platform API spells them (docs/orders.md). */
  paymentMethod: {
    cash: def('cash', 'neutral'),
    promptpay: def('promptPay', 'primary'),
    wallet: def('wallet', 'primary'),
    credit_card: def('creditCard', 'primary'),
    paypal: def('paypal', 'primary'),
  } satisfies Record<PaymentMethod, StatusDef>,
  transactionType: {
    pay: def('pay', 'primary'),
    refund: def('refund', 'warning'),
    deposit: def('deposit', 'success'),
    withdraw: def('withdraw', 'danger'),
    bonus: def('bonus', 'success'),
    create: def('create', 'neutral'),
    cancel: def('cancel', 'neutral'),
    correction: def('correction', 'warning'),
  } satisfies Record<TransactionType, StatusDef>,
  area: {
    AreaReady: def('areaReady', 'success'),
    AreaClose: def('areaClose', 'neutral'),
  },
  notification: {
    read: def('read', 'neutral'),
    unread: def('unread', 'primary'),
  },
  /** A gift's redemption: the points spent, the gift given, or cancelled with the points back. */
  redemption: {
    redeemed: def('redeemed', 'warning'),
    delivered: def('delivered', 'success'),
    cancelled: def('cancelled', 'neutral'),
  } satisfies Record<RedemptionState, StatusDef>,
  /** Where a promotion stands today (contract/resources/promotion.ts). */
  promotion: {
    scheduled: def('scheduled', 'warning'),
    running: def('running', 'success'),
    ended: def('ended', 'neutral'),
    off: def('off', 'danger'),
  } satisfies Record<PromotionStatus, StatusDef>,
  /** Where a member's points came from, or `USED` when they were spent. */
  pointSource: {
    FROM_ORDER: def('fromOrder', 'success'),
    FROM_QRCODE: def('fromQrcode', 'primary'),
    FROM_REF: def('fromRef', 'primary'),
    FROM_REGIS: def('fromRegis', 'primary'),
    FROM_SHOP: def('fromShop', 'primary'),
    FROM_APP: def('fromApp', 'warning'),
    USED: def('used', 'neutral'),
  } satisfies Record<PointMovementKind, StatusDef>,
  /** A public-relations message or broadcast as it is sent (contract/resources/announcements.ts). */
  announcement: {
    draft: def('draft', 'neutral'),
    scheduled: def('scheduled', 'warning'),
    sending: def('sending', 'primary'),
    sent: def('sent', 'success'),
    cancelled: def('cancelled', 'danger'),
  } satisfies Record<AnnouncementStatus, StatusDef>,
  /** What a public-relations message opens in the app. */
  announcementTarget: {
    openMessage: def('openMessage', 'neutral'),
    openShop: def('openShop', 'primary'),
    openUrl: def('openUrl', 'primary'),
  },
  /** Who gets a public-relations message or broadcast. */
  announcementAudience: {
    members: def('members', 'neutral'),
    area: def('area', 'neutral'),
    shops: def('shops', 'neutral'),
    bikers: def('bikers', 'neutral'),
  },
  /** Whom a promotion shows to: the whole app or the shops it names. */
  promotionTarget: {
    app: def('app', 'primary'),
    shops: def('shops', 'neutral'),
  } satisfies Record<PromotionTarget, StatusDef>,
  /** Who pays a voucher's discount: the app or the shop. */
  voucherSource: {
    app: def('app', 'primary'),
    shop: def('shop', 'warning'),
  } satisfies Record<VoucherSource, StatusDef>,
  /** A Marketplace product: shown in the member app, or kept for the shop only. */
  product: {
    active: def('active', 'success'),
    hidden: def('hidden', 'neutral'),
  } satisfies Record<ProductStatus, StatusDef>,
  /** A member's purchase request: waiting for staff, answered with a price, or closed. */
  purchaseRequest: {
    open: def('open', 'warning'),
    quoted: def('quoted', 'primary'),
    closed: def('closed', 'neutral'),
  } satisfies Record<PurchaseRequestState, StatusDef>,
  /** A food on the menu: orderable, or sold out (listed, not orderable). */
  foodAvailability: {
    in_stock: def('inStock', 'success'),
    sold_out: def('soldOut', 'danger'),
  } satisfies Record<FoodAvailability, StatusDef>,
  /** A support ticket's status (contract/resources/support.ts). */
  supportStatus: {
    open: def('open', 'warning'),
    inProgress: def('inProgress', 'primary'),
    waiting: def('waiting', 'neutral'),
    closed: def('closed', 'success'),
  } satisfies Record<SupportStatus, StatusDef>,
  supportPriority: {
    low: def('low', 'neutral'),
    normal: def('normal', 'primary'),
    high: def('high', 'warning'),
    urgent: def('urgent', 'danger'),
  } satisfies Record<SupportPriority, StatusDef>,
  supportCategory: {
    order: def('order', 'neutral'),
    payment: def('payment', 'neutral'),
    account: def('account', 'neutral'),
    technical: def('technical', 'neutral'),
    other: def('other', 'neutral'),
  } satisfies Record<SupportCategory, StatusDef>,
} as const satisfies Record<string, Record<string, StatusDef>>;

export type StatusKind = keyof typeof STATUSES;
export type StatusValue<K extends StatusKind> = keyof (typeof STATUSES)[K] & string;

/** The badge of a status value, or null for a value the spec does not list. */
export function statusDef(kind: StatusKind, value: string): StatusDef | null {
  const defs: Record<string, StatusDef> = STATUSES[kind];
  return Object.hasOwn(defs, value) ? (defs[value] ?? null) : null;
}

/** Select options whose labels are the translated badges of a status kind (`status.orderEvent.success`, …). */
export function badgeOptions(kind: StatusKind, values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: `status.${kind}.${statusDef(kind, value)?.key ?? value}` }));
}
