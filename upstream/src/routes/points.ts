import type { Context } from 'hono';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  memberSignUpAnswerSchema,
  memberSignUpSchema,
  pointGrantSchema,
  pointMovementQuerySchema,
  pointMemberQuerySchema,
  pointMemberSchema,
  pointMovementSchema,
  referralQuerySchema,
  referralSchema,
  shopPointsSchema,
  type MemberSignUp,
  type PointGrant,
  type PointMovementQuery,
  type ReferralQuery,
  type ShopPoints,
} from '@contract/resources/points';
import type { PointMovementKind } from '@contract/lifecycle';
import {
  grantPoints,
  listMovements,
  listReferrals,
  movementBatches,
  referralBatches,
  searchPointMembers,
  shopGrantPoints,
  signUpMember,
} from '../domain/point-history';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { csvResponse } from '../kit/export';
import { listResponseSchema } from '../kit/list';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const movementSchema = pointMovementSchema.openapi('PointMovement');
const oneMovement = (description: string) => jsonResponse(z.object({ status: z.literal(true), data: movementSchema }), description);
const csv = { description: 'CSV', content: { 'text/csv': { schema: z.string() } } };
const MOVEMENT_CSV = ['id', 'createdAt', 'member', 'phone', 'area', 'source', 'amount', 'balanceAfter', 'orderNo', 'reason', 'grantedBy'];

/** The points lists: each path, the movement kind it shows, and whether staff grant points there. */
const LISTS: { path: string; source: PointMovementKind | null; grant: boolean; noun: string }[] = [
  { path: 'RewardPointHistory', source: null, grant: true, noun: 'point movements' },
  { path: 'UsedPoints', source: 'USED', grant: false, noun: 'points spent' },
  { path: 'TopupMemberPoints', source: 'FROM_APP', grant: true, noun: 'points given by staff' },
];

/**
 * Members' points: the movements' lists with their CSV, the referrals,
 * a grant by staff, and on the app channel a member's sign-up and a shop's grant.
 */
export function registerPointRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const pageAnswer = (c: Context<AppEnv>, query: { page: number; pageSize: number }, found: { rows: unknown[]; total: number }) =>
    c.json({ status: true as const, data: found.rows, total: found.total, page: query.page, pageSize: query.pageSize }, 200);

  for (const list of LISTS) {
    const base = `/api/admin/{service}/${list.path}`;
    const guard = [authed, requireServiceRoute(deps, list.path)];
    const tag = 'Points';
    addRoute(
      app,
      tag,
      guard,
      {
        method: 'get',
        path: base,
        operationId: `list${list.path}`,
        summary: `The ${list.noun}, newest first`,
        description:
          "Time, member, source, signed points, the balance after it, the order or the reason; filters by source, area (admins), day range (the company's days, Setting/System's time zone), the member's phone (its start) or the member. Deep pages start at the day the daily counts place them in.",
        request: { params: serviceParamSchema, query: pointMovementQuerySchema },
        responses: { 200: jsonResponse(listResponseSchema(movementSchema), 'A page of movements'), ...errorResponses },
      },
      async (c) => {
        const query = validOf<PointMovementQuery>(c, 'query');
        return pageAnswer(c, query, await listMovements(deps.db, c.var.service, list.source, query));
      },
    );
    addRoute(
      app,
      tag,
      guard,
      {
        method: 'get',
        path: `${base}/export`,
        operationId: `export${list.path}`,
        summary: `The ${list.noun} as CSV`,
        description: "Every movement the list's filters match, newest first, streamed.",
        request: { params: serviceParamSchema, query: pointMovementQuerySchema },
        responses: { 200: csv, ...errorResponses },
      },
      async (c) => {
        const batches = movementBatches(deps.db, c.var.service, list.source, validOf<PointMovementQuery>(c, 'query'));
        async function* rows() {
          for await (const batch of batches) {
            yield batch.map((m) => [
              m.id,
              m.createdAt,
              m.memberName,
              m.memberPhone,
              m.areaName,
              m.source,
              m.amount,
              m.balanceAfter,
              m.orderNo,
              m.reason,
              m.createdBy?.displayName ?? '',
            ]);
          }
        }
        return csvResponse(c, `${list.path}.csv`, MOVEMENT_CSV, rows());
      },
    );
    if (!list.grant) continue;
    addRoute(
      app,
      tag,
      [authed, requireServiceRoute(deps, list.path, 'create')],
      {
        method: 'get',
        path: `${base}/members`,
        operationId: `members${list.path}`,
        summary: 'Members to give points to',
        description: 'Up to 10 members of the app (staff: their area) whose phone starts with `q` (digits) or whose name has it, with their points.',
        request: { params: serviceParamSchema, query: pointMemberQuerySchema },
        responses: {
          200: jsonResponse(z.object({ status: z.literal(true), data: z.array(pointMemberSchema.openapi('PointMember')) }), 'The members'),
          ...errorResponses,
        },
      },
      async (c) => c.json({ status: true as const, data: await searchPointMembers(deps.db, c.var.service, validOf<{ q: string }>(c, 'query').q) }, 200),
    );
    addRoute(
      app,
      tag,
      guard,
      {
        method: 'post',
        path: base,
        operationId: `grant${list.path}`,
        summary: 'Give a member points (staff)',
        description:
          'A `FROM_APP` movement with the reason and who gave it; staff give only to members of their area. The key is made once per dialog: the same key again answers 200 with the first grant (nothing more given); the key with another member or amount is 409 `IDEMPOTENCY_KEY_REUSED`.',
        request: { params: serviceParamSchema, body: jsonBody(pointGrantSchema) },
        responses: { 201: oneMovement('The grant'), 200: oneMovement('The same grant again: the first one'), ...errorResponses, ...conflictResponse },
      },
      async (c) => {
        const { movement, applied } = await grantPoints(deps.db, c.var.service, validOf<PointGrant>(c, 'json'), deps.now());
        return c.json({ status: true as const, data: movement }, applied ? 201 : 200);
      },
    );
  }

  const referralGuard = [authed, requireServiceRoute(deps, 'RewardInvite')];
  addRoute(
    app,
    'Points',
    referralGuard,
    {
      method: 'get',
      path: '/api/admin/{service}/RewardInvite',
      operationId: 'listReferrals',
      summary: 'Who invited whom, and the points each got',
      description: 'The referrals of the app (staff: their area), newest first; filters by area (admins) and day range (the company’s days).',
      request: { params: serviceParamSchema, query: referralQuerySchema },
      responses: { 200: jsonResponse(listResponseSchema(referralSchema.openapi('Referral')), 'A page of referrals'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<ReferralQuery>(c, 'query');
      return pageAnswer(c, query, await listReferrals(deps.db, c.var.service, query));
    },
  );
  addRoute(
    app,
    'Points',
    referralGuard,
    {
      method: 'get',
      path: '/api/admin/{service}/RewardInvite/export',
      operationId: 'exportReferrals',
      summary: 'The referrals as CSV',
      description: "Every referral the list's filters match, newest first, streamed.",
      request: { params: serviceParamSchema, query: referralQuerySchema },
      responses: { 200: csv, ...errorResponses },
    },
    async (c) => {
      const batches = referralBatches(deps.db, c.var.service, validOf<ReferralQuery>(c, 'query'));
      async function* rows() {
        for await (const batch of batches) {
          yield batch.map((r) => [
            r.id,
            r.createdAt,
            r.inviterName,
            r.inviterPhone,
            r.inviterPoints,
            r.inviteeName,
            r.inviteePhone,
            r.inviteePoints,
            r.areaName,
          ]);
        }
      }
      return csvResponse(
        c,
        'RewardInvite.csv',
        ['id', 'createdAt', 'inviter', 'inviterPhone', 'inviterPoints', 'invitee', 'inviteePhone', 'inviteePoints', 'area'],
        rows(),
      );
    },
  );

  const appKey = requireAppKey(deps);
  addRoute(
    app,
    'App channel',
    [authed, appKey, requireServiceRoute(deps, 'Members', 'create')],
    {
      method: 'post',
      path: '/api/app/{service}/Members',
      operationId: 'signUpMember',
      summary: 'A member signs up (the member app)',
      description:
        "Creates the member with the app's registration points and, when `referral` names who invited them (the inviter's phone or member id), the referral with the inviter's and the new member's points: one transaction, each grant once. A phone already signed up is 400 `{phone: ['taken']}`.",
      request: { params: serviceParamSchema, body: jsonBody(memberSignUpSchema) },
      responses: {
        201: jsonResponse(z.object({ status: z.literal(true), data: memberSignUpAnswerSchema }), 'The new member and their points'),
        ...errorResponses,
      },
    },
    async (c) => {
      const data = await signUpMember(deps.db, c.var.service, validOf<MemberSignUp>(c, 'json'), deps.now());
      return c.json({ status: true as const, data }, 201);
    },
  );
  addRoute(
    app,
    'App channel',
    [authed, appKey, requireServiceRoute(deps, 'RewardPointHistory', 'create')],
    {
      method: 'post',
      path: '/api/app/{service}/Points',
      operationId: 'shopGivesPoints',
      summary: 'A shop gives a member points (the shop app)',
      description:
        'Its QR code scanned (`FROM_QRCODE`) or its own grant (`FROM_SHOP`), for a member of its app; the same key of the shop again answers 200 with the first movement.',
      request: { params: serviceParamSchema, body: jsonBody(shopPointsSchema) },
      responses: { 201: oneMovement('The movement'), 200: oneMovement('The same key again: the first movement'), ...errorResponses, ...conflictResponse },
    },
    async (c) => {
      const { movement, applied } = await shopGrantPoints(deps.db, c.var.service, validOf<ShopPoints>(c, 'json'), deps.now());
      return c.json({ status: true as const, data: movement }, applied ? 201 : 200);
    },
  );
}
