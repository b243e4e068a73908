import type { Context, MiddlewareHandler } from 'hono';
import type { WSContext, WSEvents } from 'hono/ws';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { authenticate, bearerToken } from '../kit/auth';
import type { AppDeps, AppEnv, AuthContext } from '../kit/env';
import { errorBody, MESSAGES } from '../kit/errors';
import { errorSchema } from '../kit/schemas';

/** Close code for a token that is (or became) invalid. */
export const WS_UNAUTHORIZED = 4401;

/** The token of a `/ws` request: `Authorization: Bearer` first, else `?token=`. */
export const wsTokenOf = (c: Context): string | null => bearerToken(c.req.header('authorization')) ?? (c.req.query('token') || null);

/** Before the upgrade: a live access token as `Authorization: Bearer` or `?token=`; otherwise 401, no socket. */
export function wsAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = wsTokenOf(c);
    const auth = token ? await authenticate(deps, token) : null;
    if (!auth || !token) return c.json(errorBody(MESSAGES.unauthorized), 401);
    c.set('auth', auth);
    await next();
  };
}

/**
 * A socket fed by the bus: `hello` on open, whatever `subscribe` hands to `send`, and `{"type":"heartbeat","at":…}`
 * every `heartbeatMs`. Each heartbeat re-checks the token: a dead one closes the socket with 4401; a check that throws
 * (the database away for a moment) skips that beat, since thrown from a timer it would end the whole process.
 */
export function busSocketEvents(
  deps: AppDeps,
  token: string,
  name: string,
  hello: () => object,
  subscribe: (send: (message: object) => void) => () => void,
): WSEvents {
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const stop = () => {
    clearInterval(timer);
    unsubscribe?.();
  };
  return {
    onOpen(_event, ws: WSContext) {
      const send = (message: object) => {
        if (ws.readyState === 1) ws.send(JSON.stringify(message));
      };
      send(hello());
      unsubscribe = subscribe(send);
      timer = setInterval(async () => {
        let live: boolean;
        try {
          live = Boolean(await authenticate(deps, token));
        } catch (error) {
          deps.log(`[api] ${name} heartbeat: the token could not be checked: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        if (!live) {
          stop();
          ws.close(WS_UNAUTHORIZED, 'Unauthorized');
          return;
        }
        send({ type: 'heartbeat', at: deps.now().toISOString() });
      }, deps.config.heartbeatMs);
      timer.unref?.();
    },
    onMessage(event, ws) {
      if (typeof event.data === 'string' && event.data.includes('"ping"')) ws.send(JSON.stringify({ type: 'pong', at: deps.now().toISOString() }));
    },
    onClose: stop,
    onError: stop,
  };
}

/** The real-time channel `/ws`: every bus event inside the caller's scope. */
export function wsEvents(deps: AppDeps, auth: AuthContext, token: string): WSEvents {
  return busSocketEvents(
    deps,
    token,
    '/ws',
    () => ({ type: 'hello', uid: String(auth.uid), at: deps.now().toISOString() }),
    (send) =>
      deps.bus.subscribe({
        companyId: auth.companyId,
        appId: auth.role === 'staff' ? auth.appId : null,
        areaId: auth.role === 'staff' ? auth.areaId : null,
        deliver: (event) => send(event),
      }),
  );
}

/** Documents `/ws` in the OpenAPI document (the socket itself is attached by the server). */
export function documentWs(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/ws',
    tags: ['Real-time'],
    summary: 'WebSocket: order and rider events',
    description:
      'Upgrade with `Authorization: Bearer <accessToken>` or `?token=`. Sends `{"type":"hello"}`, then `{"type":"heartbeat","at":…}` every 15 s and each event in the caller\'s scope. A bad token gets 401 before the upgrade; a token that dies later closes the socket with code 4401.',
    security: [{ bearer: [] }],
    request: { query: z.object({ token: z.string().optional() }) },
    responses: {
      101: { description: 'Switching protocols' },
      401: { description: 'Missing or invalid token', content: { 'application/json': { schema: errorSchema } } },
    },
  });
}
