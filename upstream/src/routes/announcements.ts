import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  ANNOUNCEMENT_CONTRACTS,
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_STATUSES,
  announcementActionSchema,
  announcementScheduleSchema,
  inboxItemSchema,
  inboxQuerySchema,
} from '@contract/resources/announcements';
import { eq } from 'drizzle-orm';
import { announcements, shops } from '../db/schema';
import {
  announcementComputed,
  changeAnnouncement,
  inboxOf,
  isoOf,
  prepareAnnouncement,
  startAnnouncementSender,
  type AnnouncementAction,
} from '../domain/announcements';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import { mountCrud } from '../kit/crud';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import { imageOriginOf } from './images';

const stateSchema = z
  .object({ id: z.string(), status: z.enum(ANNOUNCEMENT_STATUSES), version: z.number().int(), scheduledAt: z.string().nullable() })
  .openapi('AnnouncementState');

const ACTIONS: Record<AnnouncementAction, { summary: string; description: string }> = {
  send: {
    summary: 'Send now',
    description:
      'Queues a draft or scheduled message for now: the sender takes it at once and delivers it in batches (`status` sending, then sent, with `sentCount` of `totalCount`). 400 `status: invalidTransition` once sending began; a stale version is 409.',
  },
  schedule: {
    summary: 'Schedule for a time',
    description:
      'Queues a draft or scheduled message for `scheduledAt` (ISO date-time, in the future, else 400 `scheduledAt: outOfRange`). 400 `status: invalidTransition` once sending began; a stale version is 409.',
  },
  cancel: {
    summary: 'Cancel before sending',
    description:
      'A draft or scheduled message becomes `cancelled` and is never sent. 400 `status: invalidTransition` once sending began; a stale version is 409.',
  },
};

/**
 * Public relations (`PublicRelations`, Marketplace's `ShopPublicRelations`, `UserPublicRelations`) and Marketplace's
 * `Broadcast`: each a flat resource over `announcements` fixed to its kind, with send now / schedule / cancel, and the
 * sender (domain/announcements.ts) that runs in this process. App channel: an app's inbox of delivered messages.
 */
export function registerAnnouncementRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const sender = startAnnouncementSender(deps);

  for (const kind of ANNOUNCEMENT_KINDS) {
    const contract = ANNOUNCEMENT_CONTRACTS[kind];
    // The kit's routes first: its guard refuses the path under a service that does not list it (Broadcast in Delivery).
    mountCrud(app, deps, contract, {
      table: announcements,
      fixed: { kind },
      prepare: prepareAnnouncement,
      computed: announcementComputed,
      joins: { shopName: { column: shops.name, on: eq(shops.id, announcements.targetShopId) } },
    });
    const base = `/api/admin/{service}/${contract.path}`;
    for (const action of ['send', 'schedule', 'cancel'] as const) {
      const bodySchema = action === 'schedule' ? announcementScheduleSchema : announcementActionSchema;
      addRoute(
        app,
        contract.name,
        [authed, requireServiceRoute(deps, contract.path)],
        {
          method: 'patch',
          path: `${base}/{id}/${action}`,
          operationId: `${action}${contract.name}`,
          summary: `${ACTIONS[action].summary} (\`version\` required)`,
          description: ACTIONS[action].description,
          request: {
            params: serviceParamSchema.extend({ id: z.string() }),
            body: jsonBody(bodySchema),
          },
          responses: {
            200: jsonResponse(z.object({ status: z.literal(true), data: stateSchema }), 'The message after the change'),
            ...errorResponses,
            ...conflictResponse,
          },
        },
        async (c) => {
          const id = parseId(c.req.param('id'));
          if (id === null) throw notFoundData();
          const body = validOf<{ version: number; scheduledAt?: string }>(c, 'json');
          await changeAnnouncement(deps, c.var.service, kind, id, action, body, c.var.auth.uid);
          if (action === 'send') sender.wake();
          const [row] = await deps.db
            .select({ status: announcements.status, version: announcements.version, scheduledAt: isoOf(announcements.scheduledAt) })
            .from(announcements)
            .where(eq(announcements.id, id));
          return c.json({ status: true as const, data: { id: String(id), ...row! } }, 200);
        },
      );
    }
  }

  // The member, shop and biker apps (app channel: `x-app-key` besides the bearer token; the portal never forwards it).
  addRoute(
    app,
    'App channel',
    [authed, requireAppKey(deps), requireServiceRoute(deps, 'PublicRelations', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Inbox',
      operationId: 'readAppInbox',
      summary: "A member's, shop's or biker's inbox of public relations and broadcasts (their app)",
      description:
        "The messages delivered to one recipient of the app (public relations and broadcasts), newest first. `imageUrl` is an address the app loads: an uploaded picture's at this API's `/api/images/{key}`, or the web address the message names; '' for none.",
      request: { params: serviceParamSchema, query: inboxQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(inboxItemSchema) }), 'The inbox'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<z.infer<typeof inboxQuerySchema>>(c, 'query');
      const data = await inboxOf(deps.db, c.var.service, { kind: query.recipientKind, id: Number(query.recipientId) }, query.limit, imageOriginOf(c));
      return c.json({ status: true as const, data }, 200);
    },
  );
}
