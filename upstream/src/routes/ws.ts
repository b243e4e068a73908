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
 * The real-time channel: `{"type":"hello"}` on open, `{"type":"heartbeat","at":…}` every `heartbeatMs`, and every bus
 * event inside the caller's scope. Each heartbeat re-checks the token; a dead one closes the socket with 4401.
 */
export function wsEvents(deps: AppDeps, auth: AuthContext, token: string): WSEvents {
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
      send({ type: 'hello', uid: String(auth.uid), at: deps.now().toISOString() });
      unsubscribe = deps.bus.subscribe({
        companyId: auth.companyId,
        appId: auth.role === 'staff' ? auth.appId : null,
        areaId: auth.role === 'staff' ? auth.areaId : null,
        deliver: (event) => send(event),
      });
      timer = setInterval(async () => {
        let live: boolean;
        try {
          live = Boolean(await authenticate(deps, token));
        } catch (error) {
          // The database cannot answer (away for a moment): the token cannot be checked now, so no heartbeat either;
          // the next beat tries again. Thrown from a timer, this would end the whole process.
          deps.log(`[api] /ws heartbeat: the token could not be checked: ${error instanceof Error ? error.message : String(error)}`);
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
