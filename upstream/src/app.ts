import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isAppOnlyCall } from '@contract/app-channel';
import type { AppDeps, AppEnv } from './kit/env';
import { errorBody, errorHandler, MESSAGES } from './kit/errors';
import { notFoundOrNotAllowed } from './kit/method-not-allowed';
import { REQUEST_ID_HEADER, requestIdOf } from '@contract/request-id';
import { sql } from 'drizzle-orm';
import { validationHook } from './kit/validation';
import { jsonBodyReader } from './kit/json-body';
import { refuseNul } from './kit/nul-guard';
import { registerAdminUserRoutes } from './routes/admin-user';
import { registerAuthRoutes } from './routes/auth';
import { registerOtpRoutes } from './routes/auth-otp';
import { registerAutologinRoutes } from './routes/autologin';
import { registerDashboardRoutes } from './routes/dashboard';
import { registerMonitorRoutes } from './routes/monitor';
import { registerNotificationRoutes } from './routes/notifications';
import { registerChatRoutes } from './routes/chat';
import { registerOpenApiRoute } from './routes/openapi';
import { registerOrderRoutes } from './routes/orders';
import { registerReportRoutes } from './routes/reports';
import { registerPermissionRoutes } from './routes/permissions';
import { registerServiceAreaRoutes } from './routes/service-areas';
import { registerFlatResources } from './routes/flat-resources';
import { registerVoucherRoutes } from './routes/vouchers';
import { registerGiftRoutes } from './routes/gifts';
import { registerPaymentRoutes } from './routes/payments';
import { registerPaymentSettingRoutes } from './routes/payment-settings';
import { registerCurrencyRoutes } from './routes/currency';
import { registerWalletRoutes } from './routes/wallets';
import { registerWalletActionRoutes } from './routes/wallet-actions';
import { registerCompanyRoutes } from './routes/company';
import { registerProfileRoutes } from './routes/profile';
import { registerShopExtraRoutes } from './routes/shop-extras';
import { registerBikerConfigRoutes } from './routes/biker-config';
import { registerLangStringRoutes } from './routes/lang-strings';
import { registerPointRoutes } from './routes/points';
import { registerSettingRoutes } from './routes/settings';
import { registerPromotionAppRoutes } from './routes/promotions-app';
import { registerMemberShopRoutes } from './routes/member-shops';
import { registerShopRoutes } from './routes/shops';
import { registerPeopleRoutes } from './routes/people';
import { registerRatingRoutes } from './routes/ratings';
import { registerPurchaseRequestRoutes } from './routes/purchase-requests';
import { registerSupportRoutes } from './routes/support';
import { registerAccountRoutes } from './routes/accounts';
import { auditTrail } from './kit/audit';
import { registerAppRequestRoutes } from './routes/app-requests';
import { registerBikerRegistrationRoutes } from './routes/biker-registrations';
import { registerDeviceSessionRoutes } from './routes/device-sessions';
import { registerAuditLogRoutes } from './routes/audit-log';
import { registerApplicationRoutes } from './routes/applications';
import { documentWs } from './routes/ws';
import { registerImageRoutes } from './routes/images';
import { isImageUpload, MAX_IMAGE_BYTES } from '@contract/images';
import { isImportUpload, MAX_IMPORT_BYTES } from '@contract/imports';
import { registerImportRoutes } from './routes/imports';
import { registerAnnouncementRoutes } from './routes/announcements';
import { registerFeedRoutes } from './routes/feed';

export type App = OpenAPIHono<AppEnv>;

/** The Platform API as a Hono app (no listening: `server.ts` serves it and attaches `/ws`). */
export function createApp(deps: AppDeps): App {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(errorHandler(deps.log));
  app.notFound(notFoundOrNotAllowed(app as never));

  // Every request carries an id: the portal's, or a new one; it is answered back and logged with the request.
  app.use('*', async (c, next) => {
    const reqId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.set('reqId', reqId);
    c.set('log', deps.log);
    const started = performance.now();
    // Set before the answer is made, it goes out with it; set on an answer already made, Hono rebuilds that answer.
    c.header(REQUEST_ID_HEADER, reqId);
    await next();
    if (c.res.headers.get(REQUEST_ID_HEADER) !== reqId) c.header(REQUEST_ID_HEADER, reqId);
    if (!deps.config.logRequests) return;
    const entry = { reqId, method: c.req.method, path: c.req.path, status: c.res.status, ms: performance.now() - started };
    if (deps.logRequest) deps.logRequest(entry);
    else deps.log(`[api] ${entry.method} ${entry.path} ${entry.status} ${entry.ms.toFixed(1)}ms ${reqId}`);
  });
  // The rest of an oversized body is never read, so the connection cannot be reused: close it.
  const tooLarge = (c: Context) => c.json(errorBody(MESSAGES.tooLarge), 413, { connection: 'close' });
  // A JSON body is read straight from Node's request (kit/json-body.ts); any other body through Hono's limit.
  const jsonLimit = jsonBodyReader(deps.config.bodyLimitBytes, tooLarge, bodyLimit({ maxSize: deps.config.bodyLimitBytes, onError: tooLarge }));
  // An image upload may be larger (contract/images.ts); its route reads at most the image limit.
  const imageLimit = bodyLimit({
    maxSize: MAX_IMAGE_BYTES,
    onError: (c) => c.json(errorBody(MESSAGES.tooLarge, { file: ['imageTooLarge'] }), 413, { connection: 'close' }),
  });
  // An import's file (contract/imports.ts) may be larger still; its route reads at most the import limit.
  const importLimit = bodyLimit({
    maxSize: MAX_IMPORT_BYTES,
    onError: (c) => c.json(errorBody(MESSAGES.tooLarge, { file: ['importTooLarge'] }), 413, { connection: 'close' }),
  });
  app.use('/api/*', (c, next) => {
    const segments = c.req.path.startsWith('/api/admin/') ? c.req.path.slice('/api/admin/'.length).split('/') : [];
    if (isImportUpload(c.req.method, segments)) return importLimit(c, next);
    return isImageUpload(c.req.method, segments) ? imageLimit(c, next) : jsonLimit(c, next);
  });

  // No U+0000 in a path, a query or a JSON body (kit/nul-guard.ts): 400 before any route reads it.
  app.use('/api/*', refuseNul);

  // Every state-changing call of a signed-in user goes to the audit log once it has been answered.
  app.use('/api/*', auditTrail(deps));

  // What stands for the member, shop and biker apps or a payment provider (creating an order, its lifecycle events, a
  // biker's presence) is never a back-office call: on /api/admin/ it is 403 for every token, admin included. The apps
  // use /api/app/ with their own key; a payment succeeds only through the provider's signed /api/payments/callback.
  app.use('/api/admin/*', async (c, next) => {
    const segments = c.req.path.slice('/api/admin/'.length).split('/').filter(Boolean);
    if (isAppOnlyCall(c.req.method, segments)) return c.json(errorBody(MESSAGES.forbidden), 403);
    await next();
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/health',
      tags: ['Meta'],
      summary: 'Liveness',
      responses: { 200: { description: 'Up', content: { 'application/json': { schema: z.object({ status: z.literal(true) }) } } } },
    }),
    (c) => c.json({ status: true as const }, 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/ready',
      tags: ['Meta'],
      summary: 'Readiness',
      description:
        'Ready for traffic: the database answers and the server is not shutting down. 503 otherwise, so a load balancer moves the traffic elsewhere.',
      responses: {
        200: { description: 'Ready', content: { 'application/json': { schema: z.object({ status: z.literal(true) }) } } },
        503: { description: 'Not ready', content: { 'application/json': { schema: z.object({ status: z.literal(false), message: z.string() }) } } },
      },
    }),
    async (c) => {
      if (deps.ready && !deps.ready()) return c.json({ status: false as const, message: 'shutting down' }, 503);
      try {
        await deps.db.execute(sql`SELECT 1`);
      } catch {
        return c.json({ status: false as const, message: 'database unavailable' }, 503);
      }
      return c.json({ status: true as const }, 200);
    },
  );
  registerAuthRoutes(app, deps);
  registerOtpRoutes(app, deps);
  registerAutologinRoutes(app, deps);
  registerPermissionRoutes(app, deps);
  registerAdminUserRoutes(app, deps);
  registerPeopleRoutes(app, deps);
  registerRatingRoutes(app, deps);
  registerPurchaseRequestRoutes(app, deps);
  registerSupportRoutes(app, deps);
  registerAppRequestRoutes(app, deps);
  registerBikerRegistrationRoutes(app, deps);
  registerDeviceSessionRoutes(app, deps);
  registerAuditLogRoutes(app, deps);
  registerImportRoutes(app, deps);
  registerAnnouncementRoutes(app, deps);
  registerFeedRoutes(app, deps);
  registerApplicationRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerServiceAreaRoutes(app, deps);
  registerShopRoutes(app, deps);
  registerShopExtraRoutes(app, deps);
  registerBikerConfigRoutes(app, deps);
  registerLangStringRoutes(app, deps);
  registerPointRoutes(app, deps);
  registerSettingRoutes(app, deps);
  registerOrderRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerMonitorRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerChatRoutes(app, deps);
  registerFlatResources(app, deps);
  registerImageRoutes(app, deps);
  registerVoucherRoutes(app, deps);
  registerGiftRoutes(app, deps);
  registerPromotionAppRoutes(app, deps);
  registerMemberShopRoutes(app, deps);
  registerPaymentSettingRoutes(app, deps);
  registerCurrencyRoutes(app, deps);
  registerWalletRoutes(app, deps);
  registerWalletActionRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  documentWs(app);
  registerOpenApiRoute(app);
  return app;
}
