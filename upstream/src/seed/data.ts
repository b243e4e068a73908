import type { AppType, AreaStatus } from '../db/schema';

/** The demo tenant (ARCHITECTURE.md section 3). */
export const DEMO_COMPANY = 'Demo Company';
export const DEMO_OFFICE = 'Head Office';
/** The head office's particulars, and a branch nobody works at yet (so it can be deleted). */
export const DEMO_OFFICES = [
  {
    name: DEMO_OFFICE,
    address: '99 Rama IV Road, Khlong Toei, Bangkok 10110',
    taxId: '0105561000001',
    phone: '021234567',
    email: 'office@demo.example',
    contactName: 'Somchai P.',
  },
  { name: 'Chiang Mai Branch', address: '12 Nimmanhaemin Road, Chiang Mai 50200', taxId: '', phone: '053123456', email: '', contactName: '' },
] as const;

export const DEMO_APPS: { name: string; appType: AppType }[] = [
  { name: 'Delivery', appType: 'Delivery' },
  { name: 'Marketplace', appType: 'Marketplace' },
];

export const DEMO_AREAS: { name: string; status: AreaStatus; province: string; amphure: string; district: string }[] = [
  { name: 'Bangkok', status: 'AreaReady', province: 'Bangkok', amphure: 'Pathum Wan', district: 'Lumphini' },
  { name: 'Chiang Mai', status: 'AreaReady', province: 'Chiang Mai', amphure: 'Mueang Chiang Mai', district: 'Si Phum' },
  { name: 'Phuket', status: 'AreaClose', province: 'Phuket', amphure: 'Mueang Phuket', district: 'Talat Yai' },
];

export type DemoGrant = 'all' | 'no-delete' | 'default';

export interface DemoUser {
  username: string;
  password: string;
  displayName: string;
  email: string;
  role: 'admin' | 'staff';
  root: boolean;
  app?: AppType;
  area?: string;
  /** Which service's menu entries get which flags beyond the defaults. */
  grant?: { services: AppType; flags: DemoGrant };
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', password: 'Admin#2026', displayName: 'Demo Admin', email: 'admin@demo-company.example', role: 'admin', root: true },
  {
    username: 'staff.bkk',
    password: 'Staff#2026',
    displayName: 'Bangkok Staff',
    email: 'staff.bkk@demo-company.example',
    role: 'staff',
    root: false,
    app: 'Delivery',
    area: 'Bangkok',
    grant: { services: 'Delivery', flags: 'no-delete' },
  },
  {
    username: 'staff.cnx',
    password: 'Staff#2026',
    displayName: 'Chiang Mai Staff',
    email: 'staff.cnx@demo-company.example',
    role: 'staff',
    root: false,
    app: 'Delivery',
    area: 'Chiang Mai',
  },
  {
    username: 'staff.market',
    password: 'Staff#2026',
    displayName: 'Marketplace Staff',
    email: 'staff.market@demo-company.example',
    role: 'staff',
    root: false,
    app: 'Marketplace',
    area: 'Bangkok',
    grant: { services: 'Marketplace', flags: 'all' },
  },
];

/** Records in each app and area, so dashboards and the shop auto-login have real rows. */
export const DEMO_SHOPS: { app: AppType; area: string; name: string }[] = [
  { app: 'Delivery', area: 'Bangkok', name: 'Siam Noodle House' },
  { app: 'Delivery', area: 'Bangkok', name: 'Chatuchak Coffee' },
  { app: 'Delivery', area: 'Chiang Mai', name: 'Nimman Kitchen' },
  { app: 'Marketplace', area: 'Bangkok', name: 'Bangkok Craft Market' },
];

export const DEMO_MEMBERS: { app: AppType; area: string; name: string; phone: string }[] = [
  { app: 'Delivery', area: 'Bangkok', name: 'Somchai Jaidee', phone: '0812345678' },
  { app: 'Delivery', area: 'Bangkok', name: 'Malee Srisuk', phone: '0823456789' },
  { app: 'Delivery', area: 'Chiang Mai', name: 'Anong Kaewmanee', phone: '0834567890' },
  { app: 'Marketplace', area: 'Bangkok', name: 'Prasert Wongsa', phone: '0845678901' },
];

export const DEMO_BIKERS: { app: AppType; area: string; name: string; phone: string }[] = [
  { app: 'Delivery', area: 'Bangkok', name: 'Niran Rider', phone: '0856789012' },
  { app: 'Delivery', area: 'Chiang Mai', name: 'Kittisak Rider', phone: '0867890123' },
];

/** Five per user, the first three unread. */
export const DEMO_NOTIFICATIONS: { title: string; body: string; link: string | null }[] = [
  { title: 'Welcome to the back office', body: 'Your account is ready.', link: null },
  { title: 'New shop registration', body: 'A shop is waiting for approval.', link: null },
  { title: 'Daily report ready', body: "Yesterday's report can be downloaded.", link: null },
  { title: 'Password policy', body: 'Passwords now need at least 6 characters.', link: null },
  { title: 'Maintenance window', body: 'Short maintenance on Sunday at 02:00.', link: null },
];

/** Every area's delivery fee (km bands up to 15 km) and messenger fee (gram bands up to 20 kg); money in satang. */
export const DEMO_SHIPPING_RATE = {
  unit: 'Kilometer' as const,
  deliveryDistance: 15,
  bands: [
    { s_distance: 0, e_distance: 3, price: 1_500, freeDelivery: false, estimateTime: 20 },
    { s_distance: 3, e_distance: 5, price: 2_500, freeDelivery: false, estimateTime: 30 },
    { s_distance: 5, e_distance: 10, price: 4_000, freeDelivery: false, estimateTime: 40 },
    { s_distance: 10, e_distance: 15, price: 6_000, freeDelivery: false, estimateTime: 55 },
  ],
};
export const DEMO_MESSENGER_FEE = {
  maxWeight: 20_000,
  bands: [
    { s_weight: 0, e_weight: 1_000, price: 3_000 },
    { s_weight: 1_000, e_weight: 3_000, price: 4_500 },
    { s_weight: 3_000, e_weight: 5_000, price: 6_000 },
    { s_weight: 5_000, e_weight: 10_000, price: 9_000 },
    { s_weight: 10_000, e_weight: 20_000, price: 15_000 },
  ],
};
