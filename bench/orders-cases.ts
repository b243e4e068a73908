/** What the order benchmark asks: the list pages and filters, and the dashboards, as HTTP calls and as data-layer calls. */
import { companyDashboard, serviceDashboard } from '../upstream/src/domain/dashboard';
import { bangkokDay } from '../upstream/src/domain/order-dates';
import { listOrders, type OrderQuery } from '../upstream/src/domain/orders';
import type { ServiceScope } from '../upstream/src/domain/scope';
import type { ExplainCase } from './orders-explain';

/** The demo tenant's ids the calls need: the admin, staff.bkk and their app and area, the area's busiest shop. */
export interface Place {
  companyId: number;
  officeId: number;
  adminId: number;
  staffId: number;
  appId: number;
  areaId: number;
  shopId: number;
  /** Delivery food orders the admin sees, and staff.bkk. */
  adminTotal: number;
  staffTotal: number;
}

export interface BenchCase {
  name: string;
  kind: 'list' | 'dashboard' | 'report';
  path: string;
}
export type Who = 'admin' | 'staff.bkk';

const PAGE_SIZE = 25;
const LIST = '/api/admin/Delivery/Orders';
const lastPage = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
const last30 = (now: Date) => ({ from: bangkokDay(new Date(now.getTime() - 29 * 86_400_000)), to: bangkokDay(now) });
const fmt = (n: number) => n.toLocaleString('en');

export async function benchCases(apiUrl: string, headers: Record<string, string>, place: Place, now: Date): Promise<BenchCase[]> {
  const first = (await (await fetch(`${apiUrl}${LIST}?page=1&pageSize=${PAGE_SIZE}`, { headers })).json()) as { total?: number };
  const last = lastPage(first.total ?? 0);
  const middle = Math.ceil(last / 2);
  const { from, to } = last30(now);
  const success = `status=success&from=${from}&to=${to}`;
  const list = (name: string, query: string, path = LIST): BenchCase => ({ name, kind: 'list', path: `${path}?${query}&pageSize=${PAGE_SIZE}` });
  return [
    list(`Orders page 1 of ${fmt(last)}`, 'page=1'),
    list('Orders page 2,000', 'page=2000'),
    list(`Orders page ${fmt(middle)} (the middle)`, `page=${middle}`),
    list(`Orders page ${fmt(last)} (the last)`, `page=${last}`),
    list('Orders status=success, last 30 days, page 1', `${success}&page=1`),
    list('Orders status=success, last 30 days, page 500', `${success}&page=500`),
    list(`Orders shopId=${place.shopId}, page 1`, `shopId=${place.shopId}&page=1`),
    list(`Orders shopId=${place.shopId}, status=success, last 30 days, page 5`, `shopId=${place.shopId}&${success}&page=5`),
    list('OrdersMessenger page 1', 'page=1', '/api/admin/Delivery/OrdersMessenger'),
    { name: 'Service dashboard', kind: 'dashboard', path: '/api/admin/Delivery/Dashboard' },
    { name: 'Company dashboard', kind: 'dashboard', path: '/api/admin/Dashboard' },
    ...reportCases(now),
  ];
}

/** Every report for this month and for the last year (a custom range of 365 days, a row per month where the rows are days). */
export function reportCases(now: Date): BenchCase[] {
  const today = bangkokDay(now);
  const year = `period=custom&from=${bangkokDay(new Date(now.getTime() - 364 * 86_400_000))}&to=${today}`;
  const periods = [
    ['this month', `period=month&date=${today}`],
    ['last 365 days', year],
  ] as const;
  const views = [
    ['Report', 'Report (overview)'],
    ['Report/Admin', 'Report/Admin'],
    ['Report/Shop', 'Report/Shop'],
    ['Report/Biker', 'Report/Biker'],
    ['Report/TopShop', 'Report/TopShop'],
  ] as const;
  return views.flatMap(([path, name]) =>
    periods.map(([label, query]): BenchCase => ({ name: `${name}, ${label}`, kind: 'report', path: `/api/admin/Delivery/${path}?${query}` })),
  );
}

/** The portal page showing what an API case answers, or null when `who` may not open it (the Company Dashboard is admin-only). */
export function portalPathOf(c: BenchCase, who: Who): string | null {
  if (c.path === '/api/admin/Dashboard') return who === 'admin' ? '/' : null;
  return c.path.replace(/^\/api\/admin\/Delivery\//, '/Service/Delivery/');
}

export function explainCases(place: Place, now: Date): ExplainCase[] {
  const base = { companyId: place.companyId, officeId: place.officeId, appId: place.appId, appType: 'Delivery' as const };
  const admin: ServiceScope = { ...base, userId: place.adminId, role: 'admin', root: true, areaId: null };
  const staff: ServiceScope = { ...base, userId: place.staffId, role: 'staff', root: false, areaId: place.areaId };
  const page = (p: number, extra: Partial<OrderQuery> = {}): OrderQuery => ({ page: p, pageSize: PAGE_SIZE, order: 'desc', ...extra });
  const success = { status: 'success' as const, ...last30(now) };
  return [
    { name: 'Orders page 1 (admin)', run: (db) => listOrders(db, admin, 'food', page(1)) },
    { name: 'Orders page 2,000 (admin)', run: (db) => listOrders(db, admin, 'food', page(2000)) },
    {
      name: `Orders page ${fmt(Math.ceil(lastPage(place.adminTotal) / 2))}, the middle (admin)`,
      run: (db) => listOrders(db, admin, 'food', page(Math.ceil(lastPage(place.adminTotal) / 2))),
    },
    { name: 'Orders status=success, last 30 days, page 500 (staff.bkk)', run: (db) => listOrders(db, staff, 'food', page(500, success)) },
    { name: `Orders shopId=${place.shopId}, page 1 (admin)`, run: (db) => listOrders(db, admin, 'food', page(1, { shopId: String(place.shopId) })) },
    { name: 'Service dashboard (staff.bkk)', run: (db) => serviceDashboard(db, staff, now) },
    { name: 'Company dashboard (admin)', run: (db) => companyDashboard(db, { ...admin, appId: null }, now) },
  ];
}
