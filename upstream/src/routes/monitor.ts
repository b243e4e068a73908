import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../kit/env';

/** `/api/admin/{service}/Monitor/Biker` and `/api/admin/{service}/Member/Biker`. */
export function registerMonitorRoutes(_app: OpenAPIHono<AppEnv>, _deps: AppDeps): void {}
