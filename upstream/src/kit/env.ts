import type { RequestLogEntry } from './logger';
import type { ApiConfig } from '../config';
import type { Db } from '../db/client';
import type { AppType, UserRole } from '../db/schema';
import type { EventBus } from '../realtime/bus';
import type { AccessClaims } from '../domain/tokens';
import type { ServiceScope } from '../domain/scope';
import type { ImageStore } from './image-store';
import type { TokenCache } from './token-cache';
import type { PermissionCache } from './permission-cache';
import type { AppListCache } from './app-list-cache';

/** What `createApp` needs: the database, the resolved configuration and a clock (tests move it). */
export interface AppDeps {
  db: Db;
  config: ApiConfig;
  now: () => Date;
  log: (message: string) => void;
  /** One line per answered request, when `logRequests` (kit/logger.ts). */
  logRequest?: (entry: RequestLogEntry) => void;
  /** False once the server is shutting down: readiness answers 503 so a load balancer stops sending requests. */
  ready?: () => boolean;
  bus: EventBus;
  tokens: TokenCache;
  permissions: PermissionCache;
  /** A company's apps of a service, for an admin's service calls (kit/service-scope.ts). */
  apps: AppListCache;
  /** HS256 key for access and reset tokens. */
  jwtKey: Uint8Array;
  /** Where uploaded images live; opened from `config.imageStore` when not given (kit/image-store.ts). */
  images?: ImageStore;
}

/** The signed-in caller, from the verified token and its live session. */
export interface AuthContext {
  uid: number;
  sid: string;
  role: UserRole;
  root: boolean;
  companyId: number;
  officeId: number;
  /** Staff: their app. Admin: the company's Delivery app (or null when the company has none). */
  appId: number | null;
  appType: AppType | '';
  /** Staff: their area. Admin: null (every area). */
  areaId: number | null;
  claims: AccessClaims;
}

/** `service` is set by `requireService` on `/api/admin/{Service}/…` routes. */
export type AppEnv = {
  Variables: {
    auth: AuthContext;
    service: ServiceScope;
    /** An update's fields before → after, for the audit log (kit/audit.ts). */
    auditDiff: Record<string, { before: unknown; after: unknown }>;
    /** The call's change wrote its audit row in its own transaction (kit/audit.ts `auditedWrite`). */
    audited: boolean;
    /** The app's log (`AppDeps.log`), for what is found after an answer began (kit/export.ts). */
    log: (message: string) => void;
    /** The request's id: the portal's `x-request-id`, or a new one. */
    reqId: string;
  };
};

export type { AppType, UserRole };
