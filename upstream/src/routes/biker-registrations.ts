import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { bikerRegistrationContract } from '@contract/resources/biker-registration';
import {
  approveBikerRegistration,
  getBikerRegistration,
  listBikerRegistrations,
  registerBiker,
  rejectBikerRegistration,
  type BikerRegistrationInput,
  type BikerRegistrationQuery,
} from '../domain/biker-registrations';
import { requireAppKey } from '../kit/app-channel';
import { assertApproval } from '../kit/approval';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const itemSchema = bikerRegistrationContract.schemas.item.openapi('BikerRegistration');
const registerSchema = bikerRegistrationContract.schemas.register.openapi('BikerRegistrationInput');
const rejectSchema = bikerRegistrationContract.schemas.reject.openapi('BikerRegistrationReject');
const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
  ...conflictResponse,
});
const params = serviceParamSchema.extend(idParamSchema.shape);
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};

/**
 * `Regis/Biker`: the biker app's applications (`POST /api/app/{service}/Regis/Biker`) and the back-office's list,
 * approve (an active biker) and reject (with a reason). The permission is the registry's `Service {service} Regis
 * Biker`, its flag the method's (read to list, create to approve or reject, as the portal's BFF checks them).
 */
export function registerBikerRegistrationRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const path = '/api/admin/{service}/Regis/Biker';
  const guard = [authed, requireServiceRoute(deps, 'Regis Biker')];
  const tag = 'Biker registrations';

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: `${path}/{id}/approve`,
      summary: 'Approve: the registration becomes an active biker (offline) in its area',
      description: 'Two approvals at once make one biker: the second answers 409 with the registration as approved.',
      request: { params },
      responses: ok(z.object({ bikerId: z.string() }), 'The new biker'),
    },
    async (c) => {
      await assertApproval(deps, c, 'biker');
      return c.json({ status: true, data: await approveBikerRegistration(deps.db, c.var.service, idOf(c.req.param('id')), deps.now()) }, 200);
    },
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: `${path}/{id}/reject`,
      summary: 'Reject with a reason',
      request: { params, body: jsonBody(rejectSchema) },
      responses: ok(itemSchema, 'The rejected registration'),
    },
    async (c) => {
      const { reason } = validOf<{ reason: string }>(c, 'json');
      return c.json({ status: true, data: await rejectBikerRegistration(deps.db, c.var.service, idOf(c.req.param('id')), reason, deps.now()) }, 200);
    },
  );
  mountResource(app, {
    path,
    tag,
    noun: 'biker registration',
    pathParams: serviceParamSchema,
    itemSchema,
    querySchema: bikerRegistrationContract.schemas.query as never,
    guard: () => guard,
    list: (c, query: BikerRegistrationQuery) => listBikerRegistrations(deps.db, c.var.service, query),
    get: (c, id) => getBikerRegistration(deps.db, c.var.service, id),
  });

  addRoute(
    app,
    'App channel',
    [authed, requireAppKey(deps), requireServiceRoute(deps, 'Regis Biker')],
    {
      method: 'post',
      path: '/api/app/{service}/Regis/Biker',
      operationId: 'registerBiker',
      summary: 'A biker applies (the biker app)',
      description: 'Creates a waiting registration with its documents (http(s) addresses only) in an open area of the app.',
      request: { params: serviceParamSchema, body: jsonBody(registerSchema) },
      responses: { 201: jsonResponse(z.object({ status: z.literal(true), data: itemSchema }), 'The registration'), ...errorResponses },
    },
    async (c) => {
      const item = await registerBiker(deps.db, c.var.service, validOf<BikerRegistrationInput>(c, 'json'), deps.now());
      return c.json({ status: true as const, data: item }, 201);
    },
  );
}
