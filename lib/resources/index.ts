import type { RouteDef } from '@/lib/routes';
import { configShopResource } from './config-shop';
import type { ResourceModule } from './kit';
import { ordersResource } from './orders';
import { ordersMessengerResource } from './orders-messenger';
import { regisShopResource } from './regis-shop';
import { shopResource } from './shop';
import { shopPackageResource } from './shop-package';
import { timeShopResource } from './time-shop';
import { shopTypeResource, typeShopResource } from './type-shop';

export type { ResourceModule } from './kit';

/** Every resource module by key (client and server). */
export const RESOURCES = {
  shopPackage: shopPackageResource,
  typeShop: typeShopResource,
  shopType: shopTypeResource,
  shop: shopResource,
  timeShop: timeShopResource,
  regisShop: regisShopResource,
  configShop: configShopResource,
  orders: ordersResource,
  ordersMessenger: ordersMessengerResource,
} as const satisfies Record<string, ResourceModule>;
export type ResourceKey = keyof typeof RESOURCES;

export const resourceByKey = (key: string): ResourceModule | null => (Object.hasOwn(RESOURCES, key) ? RESOURCES[key as ResourceKey] : null);

/** What a registry route shows of its resource. */
export type ResourceMode = 'list' | 'add' | 'view' | 'restore' | 'sort' | 'config' | 'approval';

export interface ResourcePage {
  resource: ResourceKey;
  mode: ResourceMode;
}

/** Registry label → the resource page it renders. A new resource screen is a line here plus its module. */
const PAGES: Record<string, ResourcePage> = {
  shopPackage: { resource: 'shopPackage', mode: 'list' },
  restoreShopPackage: { resource: 'shopPackage', mode: 'restore' },
  typeShop: { resource: 'typeShop', mode: 'list' },
  shopType: { resource: 'shopType', mode: 'list' },
  shopTypeSort: { resource: 'shopType', mode: 'sort' },
  restoreShopType: { resource: 'typeShop', mode: 'restore' },
  shop: { resource: 'shop', mode: 'list' },
  shopAdd: { resource: 'shop', mode: 'add' },
  shopView: { resource: 'shop', mode: 'view' },
  restoreShop: { resource: 'shop', mode: 'restore' },
  timeShop: { resource: 'timeShop', mode: 'list' },
  timeShopAdd: { resource: 'timeShop', mode: 'add' },
  timeShopView: { resource: 'timeShop', mode: 'view' },
  regisShop: { resource: 'regisShop', mode: 'approval' },
  configShop: { resource: 'configShop', mode: 'config' },
};

/** The resource page of a service route, or null when the route has no resource screen yet. */
export function resourcePageFor(route: Pick<RouteDef, 'area' | 'label'>): ResourcePage | null {
  if (route.area !== 'service') return null;
  return Object.hasOwn(PAGES, route.label) ? (PAGES[route.label] ?? null) : null;
}

/** The schema a write body must pass before it is sent on: `create` for POST, `update` for PUT. */
export function bodySchemaFor(resource: ResourceKey, method: 'POST' | 'PUT') {
  const { schemas } = RESOURCES[resource];
  return method === 'POST' ? schemas.create : schemas.update;
}
