import 'server-only';

/** The order screens the shell maps registry labels to (shell/screens.ts). */
export { CheckOrderScreen } from './check-order';
export { OrdersListScreen } from './orders-list';
export { OrdersStatusScreen } from './orders-status';
export { OrderViewScreen } from './order-view';
