import 'server-only';
import type { ComponentType } from 'react';
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
 * Registry label → a screen that is not a resource-kit page (lib/resources/index.ts holds those). The catch-all route
 * renders it after `requirePage` passed.
 */
export const SCREENS: Record<string, ComponentType<ScreenProps>> = {
  orders: OrdersListScreen,
  ordersMessenger: OrdersListScreen,
  ordersView: OrderViewScreen,
  ordersMessengerView: OrderViewScreen,
  ordersStatus: OrdersStatusScreen,
  checkOrder: CheckOrderScreen,
  taskMonitoring: MonitorScreen,
};

export const screenFor = (label: string): ComponentType<ScreenProps> | null => (Object.hasOwn(SCREENS, label) ? (SCREENS[label] ?? null) : null);
