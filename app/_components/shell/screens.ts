import 'server-only';
import type { ComponentType } from 'react';
import type { RouteDef, ScreenName } from '@/lib/routes';
import type { PageContext } from '@/lib/server/guard';
import { CheckOrderScreen, OrdersListScreen, OrdersStatusScreen, OrderViewScreen } from '../orders/screens';
import { MonitorScreen } from '../monitor/monitor-screen';

export type SearchParams = Record<string, string | string[] | undefined>;

/** What a dedicated screen receives: the checked page context, the path and the URL's search params. */
export interface ScreenProps {
  ctx: PageContext;
  pathname: string;
  searchParams: SearchParams;
}

/**
 * The dedicated screens (not resource-kit pages) by the name a registry entry gives in its `view`. The catch-all
 * route renders one after `requirePage` passed.
 */
export const SCREENS: Record<ScreenName, ComponentType<ScreenProps>> = {
  orders: OrdersListScreen,
  orderView: OrderViewScreen,
  ordersStatus: OrdersStatusScreen,
  checkOrder: CheckOrderScreen,
  monitor: MonitorScreen,
};

export function screenFor(route: Pick<RouteDef, 'view'>): ComponentType<ScreenProps> | null {
  return route.view && 'screen' in route.view ? SCREENS[route.view.screen] : null;
}
