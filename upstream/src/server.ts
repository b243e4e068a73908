import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createNodeWebSocket } from '@hono/node-ws';
import { createApp, type App } from './app';
import { loadConfig, type ApiConfig } from './config';
import { openDatabase, type DbHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { secretKey } from './domain/tokens';
import type { AppDeps } from './kit/env';
import { createLogger } from './kit/logger';
import { TokenCache } from './kit/token-cache';
import { PermissionCache } from './kit/permission-cache';
import { AppListCache } from './kit/app-list-cache';
import { bus as processBus, EventBus } from './realtime/bus';
import { wsAuth, wsEvents, wsTokenOf } from './routes/ws';
import { chatSocketAuth, chatSocketEvents } from './routes/chat';
import type { ChatPeerKind } from '@contract/resources/chat';
import { seedIfEmpty } from './seed';
import { startDeadlineSweeper } from './domain/order-deadline-sweeper';
import { openImageStore } from './kit/image-store';

export interface StartOptions {
  config?: Partial<ApiConfig>;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: (message: string) => void;
  /** Its own bus instead of the process-wide one. */
  bus?: EventBus;
  /** Seed the demo data when the database is empty (default true). */
  seed?: boolean;
  /** Apply the migrations first (default true; production runs `npm run db:migrate` on its own first). */
  migrate?: boolean;
  /** One structured line per request (kit/logger.ts). */
  logRequest?: AppDeps['logRequest'];
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  deps: AppDeps;
  db: DbHandle;
  /**
   * Graceful shutdown: readiness turns 503, live streams are closed with 1001 (going away), no new connection is
   * accepted, requests in flight finish (up to `graceMs`, then their connections are cut), then the database closes.
   */
  close(graceMs?: number): Promise<void>;
}

/** Opens the database, migrates, seeds once when empty, serves the app and attaches `/ws`. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.config);
  const handle = await openDatabase(config.databaseUrl);
  if (options.migrate !== false) await runMigrations(handle);
  const images = openImageStore(config.imageStore);
  if (options.seed !== false) await seedIfEmpty(handle.db, config.scrypt, undefined, config.seedVolume, images);

  let accepting = true;
  const deps: AppDeps = {
    db: handle.db,
    config,
    now: options.now ?? (() => new Date()),
    log: options.log ?? ((message) => console.log(message)),
    logRequest: options.logRequest,
    ready: () => accepting,
    bus: options.bus ?? processBus,
    tokens: new TokenCache(config.tokenCacheMs),
    permissions: new PermissionCache(config.tokenCacheMs),
    apps: new AppListCache(config.tokenCacheMs),
    jwtKey: secretKey(config.jwtSecret),
    images,
  };
  const app = createApp(deps);
  const stopSweeper = startDeadlineSweeper(deps, config.orderDeadlineSweepMs);
  const { injectWebSocket, upgradeWebSocket, wss } = createNodeWebSocket({ app });
  app.get(
    '/ws',
    wsAuth(deps),
    upgradeWebSocket((c) => wsEvents(deps, c.var.auth, wsTokenOf(c) ?? '')),
  );
  // The chat peer's socket on the app channel (routes/chat.ts).
  app.get(
    '/api/app/:service/Chat/:peerKind/:peerId/ws',
    chatSocketAuth(deps),
    upgradeWebSocket((c) =>
      chatSocketEvents(deps, c.var.auth, wsTokenOf(c) ?? '', c.var.service, c.req.param('peerKind') as ChatPeerKind, Number(c.req.param('peerId'))),
    ),
  );

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  injectWebSocket(server);
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  return {
    url: `http://${host}:${port}`,
    port,
    app,
    deps,
    db: handle,
    async close(graceMs = 10_000) {
      accepting = false;
      await stopSweeper();
      const http = server as Server;
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      // A keep-alive connection whose request has finished is idle: close it at once, and each one as it becomes idle.
      http.closeIdleConnections();
      const idle = setInterval(() => http.closeIdleConnections(), 50);
      // Live streams: a close frame (the portal reconnects elsewhere), then cut if the peer does not answer in a second.
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      const streams = setTimeout(
        () => {
          for (const client of wss.clients) client.terminate();
        },
        Math.min(1000, graceMs),
      );
      const cut = setTimeout(() => http.closeAllConnections(), graceMs);
      await closed;
      clearInterval(idle);
      clearTimeout(streams);
      clearTimeout(cut);
      for (const client of wss.clients) client.terminate();
      await handle.close();
    },
  };
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const logger = createLogger(process.env.LOG_FORMAT === 'json' ? 'json' : 'text');
  startServer({
    log: logger.info,
    logRequest: logger.request,
    migrate: process.env.MIGRATE_ON_START !== '0',
    seed: process.env.SEED_DEMO !== '0',
  })
    .then((running) => {
      logger.info(`[api] Platform API on ${running.url} (database: ${running.db.where})`);
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info(`[api] ${signal}: finishing the requests in flight, then stopping`);
        running
          .close(Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000))
          .then(() => logger.info('[api] stopped'))
          .finally(() => process.exit(0));
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    })
    .catch((error: unknown) => {
      logger.info(`[api] could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
