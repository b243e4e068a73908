import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { appChannelConfigSchema, appConfigContract, type AppConfigUpdate } from '@contract/resources/app-config';
import { settingChangeSchema } from '@contract/resources/setting-history';
import { companyBrandSchema, systemSettingsContract, type SystemSettingsUpdate } from '@contract/resources/system-settings';
import {
  appChannelConfig,
  appConfig,
  companyBrand,
  SETTING_SCREENS,
  settingHistory,
  systemSettings,
  updateAppConfig,
  updateSystemSettings,
} from '../domain/settings';
import { requireAppKey } from '../kit/app-channel';
import { diffOf } from '../kit/audit';
import { requireAdmin, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse } from '../kit/schemas';
import { appServiceScope, requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const appConfigSchema = appConfigContract.schemas.item.openapi('AppConfig');
const appConfigBody = appConfigContract.schemas.update.openapi('AppConfigInput');
const systemSchema = systemSettingsContract.schemas.item.openapi('SystemSettings');
const systemBody = systemSettingsContract.schemas.update.openapi('SystemSettingsInput');
const historySchema = z.array(settingChangeSchema.openapi('SettingChange'));

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
  ...conflictResponse,
});

/**
 * The settings screens (admin only): the app's settings (`Config/App`) and the company's system settings
 * (`Setting/System`), each read, saved with its version and with its change history; the company's brand for the
 * portal's frame; and on the app channel the settings the apps follow.
 */
export function registerSettingRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  // ————— Config/App —————
  const configPath = '/api/admin/{service}/Config/App';
  const configGuard = [authed, requireServiceRoute(deps, 'Config App'), requireAdmin];
  const tag = 'App settings';
  addRoute(
    app,
    tag,
    configGuard,
    {
      method: 'get',
      path: configPath,
      operationId: 'getAppConfig',
      summary: "The app's settings (admin)",
      description:
        'Every group: the point rules (points per 100 baht of an order, for signing up, for the inviter and the invited member), orders (shop acceptance timeout in seconds, minimum order in satang, hours an order may wait for its payment; the biker search radius is in Config/Biker), support contacts (phone, e-mail, LINE id) and maintenance (switch and message); the defaults until first saved.',
      request: { params: serviceParamSchema },
      responses: ok(appConfigSchema, 'The settings'),
    },
    async (c) => c.json({ status: true, data: await appConfig(deps.db, c.var.service, deps.now()) }, 200),
  );
  addRoute(
    app,
    tag,
    configGuard,
    {
      method: 'put',
      path: configPath,
      operationId: 'updateAppConfig',
      summary: "Change the app's settings (admin; `version` required)",
      description:
        "Saves every group at the version last read, in one transaction with one history entry per changed field (who and when): 400 with the field's code (`gte25`, `thanMore24`, `moreThan4`, `tooLong50`, `incompleteSettings` when no support contact is given), 409 with the settings as they are now when someone saved first.",
      request: { params: serviceParamSchema, body: jsonBody(appConfigBody) },
      responses: ok(appConfigSchema, 'The settings after the change'),
    },
    async (c) => {
      const { version, ...input } = validOf<AppConfigUpdate>(c, 'json');
      const before = await appConfig(deps.db, c.var.service, deps.now());
      const after = await updateAppConfig(deps.db, c.var.service, version, input, deps.now());
      c.set('auditDiff', diffOf(before, after));
      return c.json({ status: true, data: after }, 200);
    },
  );
  addRoute(
    app,
    tag,
    configGuard,
    {
      method: 'get',
      path: `${configPath}/History`,
      operationId: 'getAppConfigHistory',
      summary: "The app's settings' change history (admin)",
      description: 'One entry per changed field: the field, its value before and after, who changed it and when; the newest 50 first.',
      request: { params: serviceParamSchema },
      responses: ok(historySchema, 'The changes, newest first'),
    },
    async (c) => c.json({ status: true, data: await settingHistory(deps.db, c.var.service.companyId, c.var.service.appId, SETTING_SCREENS.app) }, 200),
  );

  // ————— Setting/System —————
  const systemPath = '/api/admin/{service}/Setting/System';
  const systemGuard = [authed, requireServiceRoute(deps, 'Setting System'), requireAdmin];
  const systemTag = 'System settings';
  addRoute(
    app,
    systemTag,
    systemGuard,
    {
      method: 'get',
      path: systemPath,
      operationId: 'getSystemSettings',
      summary: "The company's system settings (admin)",
      description:
        "The company's name and logo, time zone (IANA), the language a browser that has not chosen one starts in, and distance units (`km` Kilometer, `mi` Mile).",
      request: { params: serviceParamSchema },
      responses: ok(systemSchema, 'The settings'),
    },
    async (c) => c.json({ status: true, data: await systemSettings(deps.db, c.var.service) }, 200),
  );
  addRoute(
    app,
    systemTag,
    systemGuard,
    {
      method: 'put',
      path: systemPath,
      operationId: 'updateSystemSettings',
      summary: "Change the company's system settings (admin; `version` required)",
      description:
        "Saves them on the company's row at the version last read (the Information screen's version too), in one transaction with one history entry per changed field: 409 with the settings as they are now when someone saved first.",
      request: { params: serviceParamSchema, body: jsonBody(systemBody) },
      responses: ok(systemSchema, 'The settings after the change'),
    },
    async (c) => {
      const input = validOf<SystemSettingsUpdate>(c, 'json');
      const before = await systemSettings(deps.db, c.var.service);
      const after = await updateSystemSettings(deps.db, c.var.service, input, deps.now());
      c.set('auditDiff', diffOf(before, after));
      return c.json({ status: true, data: after }, 200);
    },
  );
  addRoute(
    app,
    systemTag,
    systemGuard,
    {
      method: 'get',
      path: `${systemPath}/History`,
      operationId: 'getSystemSettingsHistory',
      summary: "The system settings' change history (admin)",
      description: 'One entry per changed field: the field, its value before and after, who changed it and when; the newest 50 first.',
      request: { params: serviceParamSchema },
      responses: ok(historySchema, 'The changes, newest first'),
    },
    async (c) => c.json({ status: true, data: await settingHistory(deps.db, c.var.service.companyId, null, SETTING_SCREENS.system) }, 200),
  );

  // The portal's frame: the company's name, logo and starting language, for every signed-in user of the company.
  addRoute(
    app,
    systemTag,
    [authed],
    {
      method: 'get',
      path: '/api/admin/Brand',
      operationId: 'getCompanyBrand',
      summary: "The company's name, logo and default language (any signed-in user)",
      description: "What the portal's frame shows (Setting/System): the name and logo beside the menu, and the language of a browser that has not chosen one.",
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: companyBrandSchema.openapi('CompanyBrand') }), 'The brand'), ...errorResponses },
    },
    async (c) => c.json({ status: true as const, data: await companyBrand(deps.db, c.var.auth.companyId) }, 200),
  );

  // ————— App channel —————
  addRoute(
    app,
    'App channel',
    [authed, requireAppKey(deps), appServiceScope(deps)],
    {
      method: 'get',
      path: '/api/app/{service}/Config',
      operationId: 'getAppChannelConfig',
      summary: 'The settings the member, shop and biker apps follow (read-only)',
      description:
        "App channel: needs `x-app-key` besides the bearer token; the portal never forwards it. The order settings (acceptance timeout, minimum order in satang, payment wait; the Platform API cancels an order past either deadline), the support contacts (Config/App's, else the app's own of Application Manager), maintenance (while on, the app channel's order creation answers 503 `UNDER_MAINTENANCE`), and the company's distance unit, time zone, default language, name and logo.",
      request: { params: serviceParamSchema },
      responses: {
        200: jsonResponse(z.object({ status: z.literal(true), data: appChannelConfigSchema.openapi('AppChannelConfig') }), 'The settings'),
        ...errorResponses,
      },
    },
    async (c) => c.json({ status: true as const, data: await appChannelConfig(deps.db, c.var.service) }, 200),
  );
}
