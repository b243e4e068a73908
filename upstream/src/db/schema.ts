import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
// A relative path (not `@contract/…`): drizzle-kit loads this file without the tsconfig aliases.
import type {
  OpenStatus,
  OrderEvent,
  OrderKind,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  RegistrationState,
  ShopStatus,
  TransactionStatus,
  TransactionType,
} from '../../../contract/lifecycle';

export { ORDER_EVENTS, PAYMENT_METHODS, TRANSACTION_TYPES } from '../../../contract/lifecycle';
export type {
  OpenStatus,
  OrderEvent,
  OrderKind,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  RegistrationState,
  ShopStatus,
  TransactionStatus,
  TransactionType,
} from '../../../contract/lifecycle';

/**
 * The Platform API's one schema. Tenancy: company → offices; company → apps → service areas; users (admin at
 * company level, staff in one app and one area); members, bikers and shops in an app and an area.
 */
export type AppType = 'Delivery' | 'Marketplace';
export type AreaStatus = 'AreaReady' | 'AreaClose';
export type UserRole = 'admin' | 'staff';
export type AccountStatus = ShopStatus;

const pk = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
const version = () => integer('version').notNull().default(1);

export const companies = pgTable('companies', {
  id: pk(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const offices = pgTable(
  'offices',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('offices_company_idx').on(t.companyId)],
);

export const apps = pgTable(
  'apps',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    appType: text('app_type').$type<AppType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('apps_company_idx').on(t.companyId)],
);

export const areas = pgTable(
  'areas',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    status: text('status').$type<AreaStatus>().notNull().default('AreaReady'),
    province: text('province').notNull().default(''),
    amphure: text('amphure').notNull().default(''),
    district: text('district').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('areas_app_idx').on(t.appId)],
);

export const users = pgTable(
  'users',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    root: boolean('root').notNull().default(false),
    appId: integer('app_id').references(() => apps.id),
    areaId: integer('area_id').references(() => areas.id),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_role_idx').on(t.companyId, t.role),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Bumped by each refresh: only the token carrying the current generation is valid. */
    gen: integer('gen').notNull().default(1),
    via: text('via').notNull(),
    author: text('author'),
    shopId: integer('shop_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: pk(),
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [index('login_failures_username_at_idx').on(t.username, t.at)],
);

/** Messages for people (one-time passwords); a mailer would send `sent_at IS NULL` rows. */
export const outbox = pgTable(
  'outbox',
  {
    id: pk(),
    userId: integer('user_id').references(() => users.id),
    ref: text('ref').notNull(),
    channel: text('channel').notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    otp: text('otp'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_ref_idx').on(t.ref)],
);

export const otpChallenges = pgTable('otp_challenges', {
  ref: text('ref').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const autologinNonces = pgTable('autologin_nonces', {
  nonce: text('nonce').primaryKey(),
  purpose: text('purpose').notNull(),
  uid: text('uid').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});

/** The menu catalogue a company's portal sent with `setMenu`. */
export const menuEntries = pgTable(
  'menu_entries',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    services: text('services').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('menu_entries_key').on(t.companyId, t.services, t.name)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: pk(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    services: text('services').notNull(),
    name: text('name').notNull(),
    read: boolean('can_read').notNull().default(false),
    write: boolean('can_write').notNull().default(false),
    create: boolean('can_create').notNull().default(false),
    delete: boolean('can_delete').notNull().default(false),
  },
  (t) => [uniqueIndex('permissions_key').on(t.userId, t.services, t.name)],
);

const inArea = {
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id),
  areaId: integer('area_id')
    .notNull()
    .references(() => areas.id),
};

/** A week of opening hours: `day` 0 = Sunday; times `HH:mm`. */
export type WeekHours = { day: number; ranges: { open: string; close: string }[] }[];

const updatedBy = () => integer('updated_by').references(() => users.id);
/** Live rows of one app (and area): the leading columns of every list index. */
const live = sql`deleted_at IS NULL`;

export const shopPackages = pgTable(
  'shop_packages',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    /** Satang (minor units). */
    price: integer('price').notNull().default(0),
    duration: integer('duration').notNull(),
    limitPost: integer('limit_post').notNull().default(0),
    limitProduct: integer('limit_product').notNull().default(0),
    status: text('status').$type<OpenStatus>().notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('shop_packages_scope_idx').on(t.appId, t.areaId, t.id)],
);

export const shopTypes = pgTable(
  'shop_types',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<OpenStatus>().notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('shop_types_scope_idx').on(t.appId, t.areaId, t.sortOrder, t.id)],
);

/** App slides (contract/resources/slide.ts): banners shown in `sort_order`, within their period when one is set. */
export const slides = pgTable(
  'slides',
  {
    id: pk(),
    ...inArea,
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** `YYYY-MM-DD`, '' when open-ended. */
    startsOn: text('starts_on').notNull().default(''),
    endsOn: text('ends_on').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('slides_scope_idx').on(t.appId, t.areaId, t.sortOrder, t.id).where(live)],
);

export const shops = pgTable(
  'shops',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    owner: text('owner').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status').$type<ShopStatus>().notNull().default('active'),
    public: boolean('public').notNull().default(true),
    openTime: text('open_time').notNull().default('08:00'),
    closeTime: text('close_time').notNull().default('20:00'),
    lat: numeric('lat', { precision: 10, scale: 7 }).notNull().default('0'),
    lng: numeric('lng', { precision: 10, scale: 7 }).notNull().default('0'),
    packageId: integer('package_id').references(() => shopPackages.id),
    typeId: integer('type_id').references(() => shopTypes.id),
    permissionEdit: boolean('permission_edit').notNull().default(false),
    orderShowPrice: boolean('order_show_price').notNull().default(true),
    showDistanceShopOnHome: boolean('show_distance_shop_on_home').notNull().default(true),
    showPersonDetailOnShop: boolean('show_person_detail_on_shop').notNull().default(false),
    limitPost: integer('limit_post').notNull().default(0),
    limitProduct: integer('limit_product').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('shops_scope_idx').on(t.appId, t.areaId),
    // Keyset- and offset-friendly list indexes: (app, [area,] sort column, id) over live rows.
    index('shops_app_id_idx').on(t.appId, t.id).where(live),
    index('shops_app_area_id_idx').on(t.appId, t.areaId, t.id).where(live),
    index('shops_app_name_idx').on(t.appId, t.name, t.id).where(live),
    index('shops_app_area_name_idx').on(t.appId, t.areaId, t.name, t.id).where(live),
    index('shops_app_created_idx').on(t.appId, t.createdAt, t.id).where(live),
    index('shops_app_area_created_idx').on(t.appId, t.areaId, t.createdAt, t.id).where(live),
    index('shops_app_updated_idx').on(t.appId, t.updatedAt, t.id).where(live),
    index('shops_app_status_idx').on(t.appId, t.status, t.id).where(live),
    index('shops_email_idx').on(t.appId, t.email),
    index('shops_phone_idx').on(t.appId, t.phone),
  ],
);

export const shopStatusHistory = pgTable(
  'shop_status_history',
  {
    id: pk(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    fromStatus: text('from_status').$type<ShopStatus>().notNull(),
    toStatus: text('to_status').$type<ShopStatus>().notNull(),
    reason: text('reason').notNull().default(''),
    byUserId: integer('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_status_history_shop_idx').on(t.shopId, t.at)],
);

export const shopHours = pgTable(
  'shop_hours',
  {
    id: pk(),
    ...inArea,
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    hours: jsonb('hours').$type<WeekHours>().notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex('shop_hours_shop_key').on(t.shopId).where(live), index('shop_hours_scope_idx').on(t.appId, t.areaId, t.id)],
);

export const shopRegistrations = pgTable(
  'shop_registrations',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    owner: text('owner').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    typeId: integer('type_id').references(() => shopTypes.id),
    packageId: integer('package_id').references(() => shopPackages.id),
    note: text('note').notNull().default(''),
    state: text('state').$type<RegistrationState>().notNull().default('waiting'),
    reason: text('reason'),
    shopId: integer('shop_id').references(() => shops.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('shop_registrations_scope_idx').on(t.appId, t.state, t.areaId, t.id)],
);

export const shopConfigs = pgTable(
  'shop_configs',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    defaultPackageId: integer('default_package_id').references(() => shopPackages.id),
    defaultTypeId: integer('default_type_id').references(() => shopTypes.id),
    /** Basis points: 1500 = 15 %. */
    commissionRate: integer('commission_rate').notNull().default(0),
    defaultOpenTime: text('default_open_time').notNull().default('08:00'),
    defaultCloseTime: text('default_close_time').notNull().default('20:00'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('shop_configs_app_key').on(t.appId)],
);

export const members = pgTable(
  'members',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('members_scope_idx').on(t.appId, t.areaId),
    index('members_created_idx').on(t.appId, t.areaId, t.createdAt),
    index('members_phone_idx').on(t.appId, t.phone),
  ],
);

export type BikerPresence = 'online' | 'away' | 'dnd' | 'offline';

export const bikers = pgTable(
  'bikers',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    /** online, away, do not disturb (`dnd`), offline. */
    presence: text('presence').$type<BikerPresence>().notNull().default('offline'),
    lat: numeric('lat', { precision: 10, scale: 7 }),
    lng: numeric('lng', { precision: 10, scale: 7 }),
    positionAt: timestamp('position_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('bikers_scope_idx').on(t.appId, t.areaId), index('bikers_presence_idx').on(t.appId, t.areaId, t.presence).where(live)],
);

export type ActorType = 'member' | 'shop' | 'biker' | 'admin' | 'staff' | 'system';

/**
 * Food orders (a shop) and parcel orders (`kind = 'parcel'`: sender, receiver, weight) share one table, one
 * lifecycle and one ledger. Money in satang (integer minor units).
 */
export const orders = pgTable(
  'orders',
  {
    id: pk(),
    ...inArea,
    kind: text('kind').$type<OrderKind>().notNull(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id').references(() => shops.id),
    bikerId: integer('biker_id').references(() => bikers.id),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    itemsTotal: integer('items_total').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    /** itemsTotal + deliveryFee - discount. */
    total: integer('total').notNull(),
    /**
     * The app's commission rates (basis points) when the order was made: the split at success uses these, so a later
     * change of the rates cannot turn the platform's share of an accepted order negative.
     */
    shopCommission: integer('shop_commission').notNull(),
    bikerCommission: integer('biker_commission').notNull(),
    /** The split at success (null before): app + shop + biker = total. */
    appShare: integer('app_share'),
    shopShare: integer('shop_share'),
    bikerShare: integer('biker_share'),
    pickupAddress: text('pickup_address').notNull().default(''),
    pickupLat: numeric('pickup_lat', { precision: 10, scale: 7 }).notNull(),
    pickupLng: numeric('pickup_lng', { precision: 10, scale: 7 }).notNull(),
    dropoffAddress: text('dropoff_address').notNull().default(''),
    dropoffLat: numeric('dropoff_lat', { precision: 10, scale: 7 }).notNull(),
    dropoffLng: numeric('dropoff_lng', { precision: 10, scale: 7 }).notNull(),
    senderName: text('sender_name'),
    senderPhone: text('sender_phone'),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    weightGram: integer('weight_gram'),
    note: text('note').notNull().default(''),
    cancelReason: text('cancel_reason'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    // List pages: (app, kind, [area,] [status | payment method,] created, id) and by total.
    index('orders_list_idx').on(t.appId, t.kind, t.createdAt, t.id),
    index('orders_list_area_idx').on(t.appId, t.kind, t.areaId, t.createdAt, t.id),
    index('orders_list_status_idx').on(t.appId, t.kind, t.status, t.createdAt, t.id),
    index('orders_list_area_status_idx').on(t.appId, t.kind, t.areaId, t.status, t.createdAt, t.id),
    index('orders_list_payment_idx').on(t.appId, t.kind, t.paymentMethod, t.createdAt, t.id),
    index('orders_list_total_idx').on(t.appId, t.kind, t.total, t.id),
    index('orders_shop_idx').on(t.shopId, t.createdAt),
    index('orders_biker_idx').on(t.bikerId, t.status),
    index('orders_member_idx').on(t.memberId, t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: pk(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    /** Unit price in satang. */
    price: integer('price').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Every lifecycle event with its actor and time, oldest first by id. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: pk(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    event: text('event').$type<OrderEvent>().notNull(),
    actorType: text('actor_type').$type<ActorType>().notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    /** biker_receive_order / biker_change: the biker after the event. */
    bikerId: integer('biker_id'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export type WalletOwner = 'admin' | 'member' | 'shop' | 'biker';

/** One wallet per owner in an app: the platform's (`admin`, owner id 0), each member's, shop's and biker's. */
export const wallets = pgTable(
  'wallets',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    /** Null for the platform wallet. */
    areaId: integer('area_id').references(() => areas.id),
    ownerType: text('owner_type').$type<WalletOwner>().notNull(),
    ownerId: integer('owner_id').notNull(),
    /** Satang; equals the sum of the wallet's Success transactions. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wallets_owner_key').on(t.appId, t.ownerType, t.ownerId)],
);

/** One money movement, applied once: its legs are the wallet transactions carrying its id. */
export const ledgerOperations = pgTable(
  'ledger_operations',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_operations_key').on(t.companyId, t.idempotencyKey)],
);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: pk(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id),
    operationId: integer('operation_id')
      .notNull()
      .references(() => ledgerOperations.id),
    type: text('type').$type<TransactionType>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    /** Signed satang: what the transaction adds to the balance (negative for a debit). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_transactions_wallet_idx').on(t.walletId, t.id),
    index('wallet_transactions_order_idx').on(t.orderId),
    index('wallet_transactions_operation_idx').on(t.operationId),
  ],
);

/** Commission rates of an app in basis points (1500 = 15 %): the app's cut of the items and of the delivery fee. */
export const commissionConfigs = pgTable('commission_configs', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  shopCommission: integer('shop_commission').notNull().default(1500),
  bikerCommission: integer('biker_commission').notNull().default(2000),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * Orders per day (Asia/Bangkok, by creation), area, kind, current status and payment method, kept in the same
 * transaction as every order change: list totals, status counts and dashboards read it instead of scanning orders.
 */
export const orderDaily = pgTable(
  'order_daily',
  {
    appId: integer('app_id').notNull(),
    areaId: integer('area_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<OrderKind>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    orders: integer('orders').notNull().default(0),
    /** Sum of `total`, satang. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** Sum of `app_share` (successful orders), satang. */
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.areaId, t.day, t.kind, t.status, t.paymentMethod] })],
);

/** Successful orders and their totals per shop and day (top shops). */
export const shopDaily = pgTable(
  'shop_daily',
  {
    appId: integer('app_id').notNull(),
    areaId: integer('area_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    orders: integer('orders').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.areaId, t.day, t.shopId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc())],
);

/** Tables in dependency order (children first), for resets. */
export const ALL_TABLES_SQL = sql`shop_daily, order_daily, commission_configs, wallet_transactions, ledger_operations, wallets,
  order_events, order_items, orders, notifications, bikers, members, shop_configs, shop_registrations, shop_hours,
  shop_status_history, shops, shop_types, shop_packages, permissions, menu_entries, autologin_nonces,
  otp_challenges, outbox, login_failures, sessions, users, areas, apps, offices, companies`;
