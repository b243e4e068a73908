import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { currencyFormatSchema, currencySettingSchema, currencyUpdateSchema, type CurrencyFormat } from '@contract/resources/currency';
import { currencyFormat, currencySetting, updateCurrency } from '../domain/currency';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});

/** `/Currency`: how the service's screens write money; the format alone is open to every user of the service. */
export function registerCurrencyRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Currency')];
  const path = '/api/admin/{service}/Currency';
  const tag = 'Currency';
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path,
      operationId: 'getCurrency',
      summary: "The app's currency settings",
      description:
        "The word, decimals and separators money is written with, the currency code (ISO 4217) the app's payments are taken in, and who changed them last (made with the spec's defaults when first read).",
      request: { params: serviceParamSchema },
      responses: ok(currencySettingSchema, 'The settings'),
    },
    async (c) => c.json({ status: true as const, data: await currencySetting(deps.db, c.var.service, deps.now()) }, 200),
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'put',
      path,
      operationId: 'updateCurrency',
      summary: "Change the app's currency settings",
      description:
        '`version` as last read; 409 with the settings as they are now when stale. The thousands separator and the decimal mark must differ. `code` (three letters, written in capitals) left out keeps the saved one; a payment callback must be in it.',
      request: { params: serviceParamSchema, body: jsonBody(currencyUpdateSchema) },
      responses: { ...ok(currencySettingSchema, 'The settings after the change'), ...conflictResponse },
    },
    async (c) => {
      const { version, ...input } = validOf<CurrencyFormat & { code?: string; version: number }>(c, 'json');
      return c.json({ status: true as const, data: await updateCurrency(deps.db, c.var.service, version, input, deps.now()) }, 200);
    },
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${path}/format`,
      operationId: 'getCurrencyFormat',
      summary: 'How money is written on the service’s screens',
      description: 'The format alone, for every signed-in user of the service whatever their flags (each screen writes its money figures with it).',
      request: { params: serviceParamSchema },
      responses: ok(currencyFormatSchema, 'The format'),
    },
    async (c) => c.json({ status: true as const, data: await currencyFormat(deps.db, c.var.service, deps.now()) }, 200),
  );
}
