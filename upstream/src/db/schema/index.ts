/**
 * The Platform API's one schema, one file per area: tenancy (companies, offices, apps, service areas, users and their
 * permissions), auth (sessions, sign-in throttles, one-time passwords), shops, orders (members, bikers, orders and
 * their rollups), the ledger, and content (slides, notifications). Members, bikers and shops belong to an app and an
 * area (`inArea` in ./scope.ts). Every table is exported from here; `../tables.ts` derives the table list from
 * these exports, and drizzle-kit reads this file (drizzle.config.ts).
 *
 * Files in this folder import contract/ by relative path (not `@contract/…`): drizzle-kit loads them without the
 * tsconfig aliases.
 */
export * from './tenancy';
export * from './auth';
export * from './shops';
export * from './orders';
export * from './ledger';
export * from './content';
export * from './fees';
export * from './payments';
export * from './settings';
export * from './audit';
export * from './billing';
export * from './people';
export * from './privileges';
export * from './catalogue';
export * from './conversations';
export * from './packages';

export { ORDER_EVENTS, PAYMENT_METHODS, TRANSACTION_TYPES } from '../../../../contract/lifecycle';
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
} from '../../../../contract/lifecycle';
