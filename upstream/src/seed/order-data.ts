import type { AppType, PaymentMethod } from '../db/schema';

/** What the order history of the seed is made of: where, who, what and when. */

/** Share of the orders, members and bikers per app and per area; Phuket's area is closed (only old orders). */
export const APP_SHARE: Record<AppType, number> = { Delivery: 0.75, Marketplace: 0.25 };
export const AREA_SHARE: Record<string, number> = { Bangkok: 0.74, 'Chiang Mai': 0.25, Phuket: 0.01 };
/** Orders of a closed area are at least this many days old (it closed since). */
export const CLOSED_AREA_MIN_AGE_DAYS = 45;

export const AREA_CENTRES: Record<string, [number, number]> = {
  Bangkok: [13.7563, 100.5018],
  'Chiang Mai': [18.7883, 98.9853],
  Phuket: [7.8804, 98.3923],
};
export const AREA_STREETS: Record<string, string[]> = {
  Bangkok: ['Sukhumvit Rd', 'Silom Rd', 'Rama IV Rd', 'Phahonyothin Rd', 'Ratchadaphisek Rd', 'Charoen Krung Rd', 'Phetchaburi Rd', 'Lat Phrao Rd'],
  'Chiang Mai': ['Nimmanhaemin Rd', 'Huay Kaew Rd', 'Chang Klan Rd', 'Tha Phae Rd', 'Suthep Rd', 'Chotana Rd'],
  Phuket: ['Thalang Rd', 'Rat-U-Thit Rd', 'Phang Nga Rd', 'Chao Fa Rd'],
};

/** Every area's streets in one list, for addresses that need no particular area. */
export const ALL_STREETS: string[] = Object.values(AREA_STREETS).flat();
/** What the seeded bikers ride. */
export const VEHICLES = ['Honda Wave 110i', 'Yamaha Fino', 'Honda Click 125i', 'Honda PCX 160', 'Yamaha NMAX', 'Suzuki Smash'];

/** The history covers the last 90 Bangkok days, today included. */
export const HISTORY_DAYS = 90;
/** Orders per hour of the Bangkok day (relative): lunch and dinner peaks. */
export const HOUR_WEIGHTS = [0.5, 0.3, 0.2, 0.1, 0.1, 0.3, 1, 2, 3, 3, 4, 8, 9, 6, 4, 4, 5, 7, 9, 8, 6, 4, 2, 1];

export const PAYMENT_SHARE: Record<PaymentMethod, number> = { cash: 0.3, promptpay: 0.25, wallet: 0.2, credit_card: 0.18, paypal: 0.07 };

/** Name and unit price (satang) of what the members order, per app. */
export const MENU: Record<AppType, [string, number][]> = {
  Delivery: [
    ['Pad Thai', 6000],
    ['Green Curry with Rice', 7500],
    ['Tom Yum Goong', 12000],
    ['Som Tam', 5000],
    ['Khao Man Gai', 5500],
    ['Massaman Curry', 9000],
    ['Pad Kra Pao Moo', 6000],
    ['Khao Soi', 7000],
    ['Mango Sticky Rice', 8000],
    ['Thai Iced Tea', 3500],
    ['Boat Noodles', 4500],
    ['Grilled Pork Skewers', 4000],
    ['Fried Rice with Crab', 11000],
    ['Larb Moo', 6500],
    ['Iced Latte', 6500],
    ['Roti with Banana', 4500],
  ],
  Marketplace: [
    ['Handwoven Basket', 35000],
    ['Celadon Bowl', 42000],
    ['Cotton Scarf', 29000],
    ['Teak Cutting Board', 55000],
    ['Jasmine Rice 5 kg', 21000],
    ['Coconut Oil Soap', 9000],
    ['Silk Pouch', 18000],
    ['Dried Mango 500 g', 15000],
    ['Herbal Balm', 12000],
    ['Rattan Lamp', 89000],
    ['Ceramic Mug', 25000],
    ['Thai Tea Leaves', 16000],
  ],
};

export const FIRST_NAMES = [
  'Somchai',
  'Malee',
  'Anong',
  'Prasert',
  'Kanya',
  'Wichai',
  'Suda',
  'Niran',
  'Kittisak',
  'Pim',
  'Arthit',
  'Chanida',
  'Narong',
  'Ploy',
  'Sakda',
  'Ratana',
  'Thanakorn',
  'Jintana',
  'Boonmee',
  'Siriporn',
  'Ekkachai',
  'Nattaya',
  'Pongsak',
  'Wannee',
];
export const LAST_NAMES = [
  'Jaidee',
  'Srisuk',
  'Kaewmanee',
  'Wongsa',
  'Thongdee',
  'Rattanakorn',
  'Saetang',
  'Chaiyaporn',
  'Boonyarat',
  'Phromma',
  'Sukjai',
  'Intharat',
  'Meesuk',
  'Chantarasri',
  'Kongkaew',
  'Panyadee',
  'Srisawat',
  'Yimyam',
];

/** Share of members who joined in the last 25 days (they have no orders yet). */
export const NEW_MEMBER_SHARE = 0.08;
/**
 * Biker presence, in turn over the bikers (8 online, 3 away, 2 dnd, 7 offline in 20); the first biker of each open
 * area is online, so in-flight orders always find one, and bikers of a closed area are offline.
 */
export const PRESENCE_CYCLE = [
  'away',
  'offline',
  'dnd',
  'online',
  'offline',
  'online',
  'offline',
  'away',
  'online',
  'offline',
  'online',
  'dnd',
  'online',
  'offline',
  'away',
  'online',
  'offline',
  'online',
  'offline',
  'online',
] as const;
/** Bikers who are not active (suspended or pending) never carry orders and are offline. */
export const INACTIVE_BIKER_SHARE = 0.05;

/** Generated phone numbers: members `061…`, bikers `064…`, receivers `09…` (demo rows use 081–086). */
export const MEMBER_PHONE_PREFIX = '061';
export const BIKER_PHONE_PREFIX = '064';

export const CANCEL_REASONS = {
  member_cancel_order: 'Changed my mind',
  shop_cancel_order: 'Sold out today',
  admin_cancel_order: 'Customer asked by phone',
} as const;

/** Commission rates per app type, basis points (`commission_configs`). */
export const COMMISSION: Record<AppType, { shopCommission: number; bikerCommission: number }> = {
  Delivery: { shopCommission: 1500, bikerCommission: 2000 },
  Marketplace: { shopCommission: 1000, bikerCommission: 1500 },
};

/** Orders caught in flight at every step of their paths, so even small seeds have orders at each in-flight status. */
export const recentCountFor = (orders: number): number => Math.min(orders, Math.max(20, Math.round(orders * 0.002)));
