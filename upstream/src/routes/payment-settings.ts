import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  PAYMENT_PROVIDERS,
  paymentAreaDetailSchema,
  paymentAreaSchema,
  paymentSettingChangeSchema,
  paymentSettingSchema,
  paymentSettingUpdateSchema,
  type PaymentProvider,
  type PaymentSettingUpdate,
} from '@contract/resources/payment-settings';
import { listPaymentAreas, paymentArea, paymentSetting, paymentSettingHistory, updatePaymentSetting } from '../domain/payment-settings';
import { requireAdmin, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});
const areaParams = serviceParamSchema.extend({ areaId: z.string().openapi({ param: { name: 'areaId', in: 'path' }, example: '3' }) });
const providerParams = areaParams.extend({ provider: z.enum(PAYMENT_PROVIDERS).openapi({ param: { name: 'provider', in: 'path' }, example: 'card' }) });
const areaIdOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};

/** System Settings → SettingArea (admin): each area's payment providers, their keys and bank account, and the history. */
export function registerPaymentSettingRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const base = '/api/admin/{service}/Setting/Bank';
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Setting Bank'), requireAdmin];
  const tag = 'Payment settings';
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: base,
      operationId: 'listPaymentAreas',
      summary: "The app's areas and their payment providers' state",
      description: 'Each live area of the app with, per provider (card, qrcode, easybank), whether it is enabled and fully configured.',
      request: { params: serviceParamSchema },
      responses: ok(z.array(paymentAreaSchema), 'The areas'),
    },
    async (c) => c.json({ status: true as const, data: await listPaymentAreas(deps.db, c.var.service) }, 200),
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{areaId}`,
      operationId: 'getPaymentArea',
      summary: "One area's payment providers",
      description: 'The three providers of the area with their settings; secret keys are never answered, only whether one is set and its last four characters.',
      request: { params: areaParams },
      responses: ok(paymentAreaDetailSchema, 'The area and its providers'),
    },
    async (c) => c.json({ status: true as const, data: await paymentArea(deps.db, c.var.service, areaIdOf(c.req.param('areaId'))) }, 200),
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{areaId}/Config/{provider}`,
      operationId: 'getPaymentSetting',
      summary: "One provider's settings of an area",
      description: 'Version 0 when the provider was never saved for the area. The secret key is not answered.',
      request: { params: providerParams },
      responses: ok(paymentSettingSchema, 'The settings'),
    },
    async (c) =>
      c.json(
        {
          status: true as const,
          data: await paymentSetting(deps.db, c.var.service, areaIdOf(c.req.param('areaId')), c.req.param('provider') as PaymentProvider),
        },
        200,
      ),
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'put',
      path: `${base}/{areaId}/Config/{provider}`,
      operationId: 'updatePaymentSetting',
      summary: "Change one provider's settings of an area",
      description:
        "`version` as last read (0 before the first save); 409 with the settings as they are now when stale. An empty or absent `secretKey` keeps the saved one. A provider is enabled only with every setting filled ('Please complete all settings.'). The change is recorded in the history.",
      request: { params: providerParams, body: jsonBody(paymentSettingUpdateSchema) },
      responses: { ...ok(paymentSettingSchema, 'The settings after the change'), ...conflictResponse },
    },
    async (c) => {
      const input = validOf<PaymentSettingUpdate>(c, 'json');
      const data = await updatePaymentSetting(
        deps.db,
        c.var.service,
        areaIdOf(c.req.param('areaId')),
        c.req.param('provider') as PaymentProvider,
        input,
        deps.config.settingsSecret,
        deps.now(),
      );
      return c.json({ status: true as const, data }, 200);
    },
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{areaId}/Config/{provider}/History`,
      operationId: 'listPaymentSettingChanges',
      summary: "The changes of one provider's settings",
      description: 'Newest first (the latest 200): who, when, each field with its old and new value; a secret only as changed.',
      request: { params: providerParams },
      responses: ok(z.array(paymentSettingChangeSchema), 'The changes'),
    },
    async (c) =>
      c.json(
        {
          status: true as const,
          data: await paymentSettingHistory(deps.db, c.var.service, areaIdOf(c.req.param('areaId')), c.req.param('provider') as PaymentProvider),
        },
        200,
      ),
  );
}
