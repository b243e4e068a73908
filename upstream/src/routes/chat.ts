import type { MiddlewareHandler } from 'hono';
import type { WSEvents } from 'hono/ws';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { idText } from '@contract/fields';
import {
  CHAT_PEER_KINDS,
  chatConversationSchema as contractConversation,
  chatListAnswerSchema,
  chatListQuerySchema,
  chatMarkSchema,
  chatMessageSchema as contractMessage,
  chatMessagesAnswerSchema,
  chatMessagesQuerySchema,
  chatPeerSchema,
  chatPeersQuerySchema,
  chatSendSchema,
  chatStartSchema,
  type ChatListQuery,
  type ChatMessagesQuery,
  type ChatPeerKind,
  type ChatSend,
  type ChatStart,
} from '@contract/resources/chat';
import {
  conversationById,
  eventScopeOf,
  findPeer,
  listConversations,
  listMessages,
  markMessages,
  peerConversation,
  searchPeers,
  startConversation,
  toConversation,
} from '../domain/chat';
import { chatSender } from '../domain/chat-send';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { requireAppKey, sameSecret } from '../kit/app-channel';
import { authenticate, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv, AuthContext } from '../kit/env';
import { ApiError, errorBody, MESSAGES, notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, errorSchema, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { appServiceScope, isService, requireServiceRoute, serviceParamSchema, serviceScopeOf } from '../kit/service-scope';
import type { ServiceScope } from '../domain/scope';
import type { BusEvent } from '../realtime/bus';
import { busSocketEvents, wsTokenOf } from './ws';

const TAG = 'Chat';
const APP_TAG = 'App channel';
const conversationSchema = contractConversation.openapi('ChatConversation');
const messageSchema = contractMessage.openapi('ChatMessage');
const params = serviceParamSchema.extend(idParamSchema.shape);
const peerParams = serviceParamSchema.extend({
  peerKind: z.enum(CHAT_PEER_KINDS).openapi({ param: { name: 'peerKind', in: 'path' }, example: 'shop' }),
  peerId: idText().openapi({ param: { name: 'peerId', in: 'path' }, example: '1' }),
});
const oneMessage = (description: string) =>
  jsonResponse(z.object({ status: z.literal(true), data: messageSchema, conversation: conversationSchema }), description);
const oneConversation = (description: string) => jsonResponse(z.object({ status: z.literal(true), data: conversationSchema }), description);
const markAnswer = jsonResponse(
  z.object({ status: z.literal(true), data: z.object({ marked: z.number().int() }), conversation: conversationSchema }),
  'How many were marked',
);

const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};

/**
 * Chat (`/Service/{service}/Chat`, personal: no permission flag, every user of the service; staff in their own area).
 * The portal's admin channel lists, starts and reads conversations and sends as staff; the shop, biker and member
 * apps speak for their peer on the app channel (`x-app-key` besides the bearer token) and get their events on a socket.
 * Every message and mark is published on the bus in the conversation's scope (`chat.message`, `chat.read`,
 * `chat.delivered`).
 */
export function registerChatRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const base = '/api/admin/{service}/Chat';
  const guard = [authed, requireServiceRoute(deps, 'Chat')];
  const publish = (row: Parameters<typeof eventScopeOf>[0], event: BusEvent | null) => {
    if (event) deps.bus.publish(eventScopeOf(row), event);
  };
  // Sends are written in groups and publish their own events, in order (domain/chat-send.ts).
  const sender = chatSender(deps, { maxWaitMs: deps.config.writeGroups.ms, maxSize: deps.config.writeGroups.max });

  addRoute(
    app,
    TAG,
    guard,
    {
      method: 'get',
      path: base,
      operationId: 'listChatConversations',
      summary: 'Conversations with shops, bikers and members',
      description:
        'Unread first (`sort=unread`, then the newest message) or by the newest message (`sort=recent`); `q` searches the peer’s name, `peerKind` keeps one kind. Staff see their own area. `unreadConversations` counts those with messages staff have not read.',
      request: { params: serviceParamSchema, query: chatListQuerySchema },
      responses: { 200: jsonResponse(chatListAnswerSchema, 'A page of conversations'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<ChatListQuery>(c, 'query');
      const result = await listConversations(deps.db, c.var.service, query);
      return c.json(
        {
          status: true as const,
          data: result.rows,
          total: result.total,
          page: query.page,
          pageSize: query.pageSize,
          unreadConversations: result.unreadConversations,
        },
        200,
      );
    },
  );

  addRoute(
    app,
    TAG,
    guard,
    {
      method: 'post',
      path: base,
      operationId: 'startChatConversation',
      summary: 'Start (or find) the conversation with a peer',
      description:
        'One conversation per app and peer: 201 with a new one, 200 with the one that exists. 400 `peerId: unknownReference` for a shop, biker or member not of the app (or, for staff, not of their area).',
      request: { params: serviceParamSchema, body: jsonBody(chatStartSchema.openapi('ChatStart')) },
      responses: { 200: oneConversation('The conversation that exists'), 201: oneConversation('The new conversation'), ...errorResponses },
    },
    async (c) => {
      const input = validOf<ChatStart>(c, 'json');
      const { row, created } = await startConversation(deps.db, c.var.service, input.peerKind, Number(input.peerId), deps.now());
      return c.json({ status: true as const, data: toConversation(row) }, created ? 201 : 200);
    },
  );

  addRoute(
    app,
    TAG,
    guard,
    {
      method: 'get',
      path: `${base}/peers`,
      operationId: 'listChatPeers',
      summary: 'Peers to start a conversation with',
      description: 'Live shops, bikers or members (`peerKind`) of the app, of the caller’s area for staff, by name (`q`); at most 20.',
      request: { params: serviceParamSchema, query: chatPeersQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(chatPeerSchema) }), 'The peers'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<{ peerKind: ChatPeerKind; q?: string }>(c, 'query');
      return c.json({ status: true as const, data: await searchPeers(deps.db, c.var.service, query.peerKind, query.q) }, 200);
    },
  );

  addRoute(
    app,
    TAG,
    guard,
    {
      method: 'get',
      path: `${base}/{id}`,
      operationId: 'getChatConversation',
      summary: 'One conversation',
      description: 'With its unread counts and last message. 404 outside the caller’s scope.',
      request: { params },
      responses: { 200: oneConversation('The conversation'), ...errorResponses },
    },
    async (c) => c.json({ status: true as const, data: toConversation(await conversationById(deps.db, c.var.service, idOf(c.req.param('id')))) }, 200),
  );

  addRoute(
    app,
    TAG,
    guard,
    {
      method: 'get',
      path: `${base}/{id}/messages`,
      operationId: 'listChatMessages',
      summary: 'A page of a conversation’s messages',
      description:
        'Oldest first. `before` (a message id) pages backwards from it, `after` reads the messages after it (the catch-up after a reconnect), neither the newest; `limit` 1–100 (30). `more` says whether more lie beyond the page.',
      request: { params, query: chatMessagesQuerySchema },
      responses: { 200: jsonResponse(chatMessagesAnswerSchema, 'The page'), ...errorResponses },
    },
    async (c) => {
      const row = await conversationById(deps.db, c.var.service, idOf(c.req.param('id')));
      const page = await listMessages(deps.db, row.id, validOf<ChatMessagesQuery>(c, 'query'));
      return c.json({ status: true as const, data: page.rows, more: page.more, conversation: toConversation(row) }, 200);
    },
  );

  addRoute(
    app,
    TAG,
    guard,
    {
      method: 'post',
      path: `${base}/{id}/messages`,
      operationId: 'sendChatMessage',
      summary: 'Send a message as staff',
      description:
        'Idempotent by `clientId`: the first send is 201 and publishes `chat.message`; the same `clientId` again is 200 with the same message and publishes nothing. `body` up to 2,000 characters (or an `imageUrl`).',
      request: { params, body: jsonBody(chatSendSchema.openapi('ChatSend')) },
      responses: { 200: oneMessage('The message sent before with this clientId'), 201: oneMessage('The new message'), ...errorResponses },
    },
    async (c) => {
      const target = { id: idOf(c.req.param('id')) };
      const sent = await sender.send({
        scope: c.var.service,
        target,
        side: 'staff',
        senderUserId: c.var.auth.uid,
        input: validOf<ChatSend>(c, 'json'),
        now: deps.now(),
      });
      if (!sent) throw notFoundData();
      return c.json({ status: true as const, data: sent.message, conversation: toConversation(sent.conversation) }, sent.created ? 201 : 200);
    },
  );

  addRoute(
    app,
    TAG,
    guard,
    {
      method: 'post',
      path: `${base}/{id}/read`,
      operationId: 'markChatRead',
      summary: 'Mark the peer’s messages read',
      description:
        'Sets `readAt` (and `deliveredAt` when empty) on the peer’s messages up to `upTo` (all when left out), sets `staffUnread` to what is left (0 for all) and publishes `chat.read` when any changed.',
      request: { params, body: jsonBody(chatMarkSchema.openapi('ChatMark')) },
      responses: { 200: markAnswer, ...errorResponses },
    },
    async (c) => {
      const row = await conversationById(deps.db, c.var.service, idOf(c.req.param('id')));
      const upTo = validOf<{ upTo?: string }>(c, 'json').upTo;
      const done = await markMessages(deps.db, row, 'staff', 'read', upTo ? Number(upTo) : undefined, deps.now());
      publish(done.conversation, done.event);
      return c.json({ status: true as const, data: { marked: done.marked }, conversation: toConversation(done.conversation) }, 200);
    },
  );

  // The app channel: the shop, biker and member apps speak for their peer.
  const appGuard = [authed, requireAppKey(deps), appServiceScope(deps)];
  const appBase = '/api/app/{service}/Chat/{peerKind}/{peerId}';
  const peerOf = (c: { req: { param(name: string): string | undefined } }) => ({
    kind: c.req.param('peerKind') as ChatPeerKind,
    id: idOf(c.req.param('peerId')),
  });

  addRoute(
    app,
    APP_TAG,
    appGuard,
    {
      method: 'get',
      path: `${appBase}/messages`,
      operationId: 'appListChatMessages',
      summary: 'The peer’s chat with the platform, paged backwards (the shop, biker and member apps)',
      description:
        'The conversation (null before the first message) and a page of its messages, oldest first: `before` pages backwards, `after` catches up. 400 `peerId: unknownReference` for a peer not of the app.',
      request: { params: peerParams, query: chatMessagesQuerySchema },
      responses: { 200: jsonResponse(chatMessagesAnswerSchema, 'The page'), ...errorResponses },
    },
    async (c) => {
      const peer = peerOf(c);
      const row = await peerConversation(deps.db, c.var.service, peer.kind, peer.id);
      if (!row) return c.json({ status: true as const, data: [], more: false, conversation: null }, 200);
      const page = await listMessages(deps.db, row.id, validOf<ChatMessagesQuery>(c, 'query'));
      return c.json({ status: true as const, data: page.rows, more: page.more, conversation: toConversation(row) }, 200);
    },
  );

  addRoute(
    app,
    APP_TAG,
    appGuard,
    {
      method: 'post',
      path: `${appBase}/messages`,
      operationId: 'appSendChatMessage',
      summary: 'The peer sends a message to the platform (the shop, biker and member apps)',
      description:
        'Begins the conversation when there is none. Idempotent by `clientId`: 201 and `chat.message` published the first time, 200 with the same message after.',
      request: { params: peerParams, body: jsonBody(chatSendSchema) },
      responses: { 200: oneMessage('The message sent before with this clientId'), 201: oneMessage('The new message'), ...errorResponses },
    },
    async (c) => {
      const peer = peerOf(c);
      const request = { scope: c.var.service, side: 'peer' as const, senderUserId: null, input: validOf<ChatSend>(c, 'json') };
      let sent = await sender.send({ ...request, target: { peerKind: peer.kind, peerId: peer.id }, now: deps.now() });
      if (!sent) {
        // The peer's first message: its conversation begins here.
        const { row } = await startConversation(deps.db, c.var.service, peer.kind, peer.id, deps.now());
        sent = await sender.send({ ...request, target: { row }, now: deps.now() });
      }
      if (!sent) throw notFoundData();
      return c.json({ status: true as const, data: sent.message, conversation: toConversation(sent.conversation) }, sent.created ? 201 : 200);
    },
  );

  const appMark = (mark: 'read' | 'delivered') =>
    addRoute(
      app,
      APP_TAG,
      appGuard,
      {
        method: 'post',
        path: `${appBase}/${mark}`,
        operationId: mark === 'read' ? 'appMarkChatRead' : 'appMarkChatDelivered',
        summary: mark === 'read' ? 'The peer read staff’s messages' : 'Staff’s messages reached the peer’s device',
        description:
          mark === 'read'
            ? 'Sets `readAt` on staff’s messages up to `upTo` (all when left out), sets `peerUnread` to what is left and publishes `chat.read`.'
            : 'Sets `deliveredAt` on staff’s messages up to `upTo` (all when left out) and publishes `chat.delivered`.',
        request: { params: peerParams, body: jsonBody(chatMarkSchema) },
        responses: { 200: markAnswer, ...errorResponses },
      },
      async (c) => {
        const peer = peerOf(c);
        const row = await peerConversation(deps.db, c.var.service, peer.kind, peer.id);
        if (!row) throw notFoundData();
        const upTo = validOf<{ upTo?: string }>(c, 'json').upTo;
        const done = await markMessages(deps.db, row, 'peer', mark, upTo ? Number(upTo) : undefined, deps.now());
        publish(done.conversation, done.event);
        return c.json({ status: true as const, data: { marked: done.marked }, conversation: toConversation(done.conversation) }, 200);
      },
    );
  appMark('delivered');
  appMark('read');

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: `${appBase}/ws`,
    operationId: 'appChatSocket',
    tags: [APP_TAG],
    summary: 'WebSocket: the peer’s chat events (the shop, biker and member apps)',
    description:
      'Upgrade with `Authorization: Bearer <accessToken>` (or `?token=`) and `x-app-key` (or `?appKey=`). Sends `{"type":"hello"}`, a heartbeat every 15 s, and the `chat.message`, `chat.read` and `chat.delivered` events of this peer’s conversation. 401 / 403 / 400 before the upgrade; a token that dies later closes the socket with 4401.',
    security: [{ bearer: [] }],
    request: { params: peerParams, query: z.object({ token: z.string().optional(), appKey: z.string().optional() }) },
    responses: {
      101: { description: 'Switching protocols' },
      400: { description: 'Not a peer of the app', content: { 'application/json': { schema: errorSchema } } },
      401: { description: 'Missing or invalid token', content: { 'application/json': { schema: errorSchema } } },
      403: { description: 'Missing or wrong app key', content: { 'application/json': { schema: errorSchema } } },
    },
  });
}

/** The side of a chat event its peer's socket carries: only its own conversation's. */
export function isPeerEvent(event: BusEvent, peerKind: ChatPeerKind, peerId: number): boolean {
  return typeof event.type === 'string' && event.type.startsWith('chat.') && event.peerKind === peerKind && String(event.peerId) === String(peerId);
}

/**
 * The peer's socket (`/api/app/{service}/Chat/{peerKind}/{peerId}/ws`, attached by the server): after the app key,
 * the token and the peer were checked (`chatSocketCheck`), every chat event of the peer's conversation.
 */
export function chatSocketEvents(deps: AppDeps, auth: AuthContext, token: string, scope: ServiceScope, peerKind: ChatPeerKind, peerId: number): WSEvents {
  return busSocketEvents(
    deps,
    token,
    'chat socket',
    () => ({ type: 'hello', peerKind, peerId: String(peerId), at: deps.now().toISOString() }),
    (send) =>
      deps.bus.subscribe({
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: scope.areaId,
        deliver: (event) => {
          if (!isPeerEvent(event, peerKind, peerId)) return;
          const { scope: _scope, ...rest } = event;
          send(rest);
        },
      }),
  );
}

/**
 * Before the peer's socket is upgraded: the app key (`x-app-key` or `?appKey=`; 403), a live token (`Authorization:
 * Bearer` or `?token=`; 401), the service's scope for it, and a peer of that scope (400 `peerId: unknownReference`).
 */
export function chatSocketAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(APP_KEY_HEADER) ?? c.req.query('appKey') ?? '';
    if (!sameSecret(key, deps.config.appApiKey)) return c.json(errorBody(MESSAGES.forbidden), 403);
    const token = wsTokenOf(c);
    const auth = token ? await authenticate(deps, token) : null;
    if (!auth || !token) return c.json(errorBody(MESSAGES.unauthorized), 401);
    c.set('auth', auth);
    const service = c.req.param('service');
    const kind = c.req.param('peerKind');
    const id = parseId(c.req.param('peerId'));
    if (!isService(service) || !(CHAT_PEER_KINDS as readonly string[]).includes(kind ?? '') || id === null) return c.json(errorBody(MESSAGES.notFound), 404);
    try {
      const scope = await serviceScopeOf(deps, c, service);
      if (!(await findPeer(deps.db, scope, kind as ChatPeerKind, id))) return c.json(errorBody(MESSAGES.validation, { peerId: ['unknownReference'] }), 400);
      c.set('service', scope);
    } catch (error) {
      if (error instanceof ApiError) return c.json(errorBody(error.message), error.status as 403);
      throw error;
    }
    await next();
  };
}
