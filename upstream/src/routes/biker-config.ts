import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { bikerConfigContract } from '@contract/resources/biker-config';
import { bikerConfig, updateBikerConfig, type BikerConfigFields } from '../domain/biker-config';
import { requireAppKey } from '../kit/app-channel';
import { requireAdmin, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const itemSchema = bikerConfigContract.schemas.item.openapi('BikerConfig');
const bodySchema = bikerConfigContract.schemas.update.openapi('BikerConfigInput');
const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
  ...conflictResponse,
});

/** The admin's `Config/Biker` of each service: the app's biker settings, one record per app, saved with its version. */
export function registerBikerConfigRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const path = '/api/admin/{service}/Config/Biker';
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Config Biker'), requireAdmin];
  const tag = 'Biker settings';
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path,
      summary: "The app's biker settings (admin)",
      description: 'Tasks at once, the seconds to accept, the search radius, the online hours and the commission; the defaults until first saved.',
      request: { params: serviceParamSchema },
      responses: ok(itemSchema, 'The settings'),
    },
    async (c) => c.json({ status: true, data: await bikerConfig(deps.db, c.var.service, deps.now()) }, 200),
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'put',
      path,
      summary: "Change the app's biker settings (admin; `version` required)",
      description: 'Saves every setting at the version last read: 409 with the settings as they are now when someone saved first.',
      request: { params: serviceParamSchema, body: jsonBody(bodySchema) },
      responses: ok(itemSchema, 'The settings after the change'),
    },
    async (c) => {
      const { version, ...input } = validOf<BikerConfigFields & { version: number }>(c, 'json');
      return c.json({ status: true, data: await updateBikerConfig(deps.db, c.var.service, version, input, deps.now()) }, 200);
    },
  );

  // The biker app reads the settings it runs by on the app channel (never through the portal).
  addRoute(
    app,
    'App channel',
    [requireAuth(deps), requireAppKey(deps), requireServiceRoute(deps, 'Config Biker', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Config/Biker',
      operationId: 'readBikerSettingsForApp',
      summary: 'The biker settings the biker app runs by',
      description:
        'Tasks at once, the seconds to accept, the search radius and the online hours, as last saved on Config/Biker; `version` changes with every save, so the app can keep its copy until it does.',
      request: { params: serviceParamSchema },
      responses: ok(itemSchema, 'The settings'),
    },
    async (c) => c.json({ status: true, data: await bikerConfig(deps.db, c.var.service, deps.now()) }, 200),
  );
}
