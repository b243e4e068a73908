import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../kit/env';

/** `/api/admin/{service}/Orders`, `/OrdersMessenger`, `/OrdersStatus`, `/Check/Order`. */
export function registerOrderRoutes(_app: OpenAPIHono<AppEnv>, _deps: AppDeps): void {}
