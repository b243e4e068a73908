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
import { TokenCache } from './kit/token-cache';
import { PermissionCache } from './kit/permission-cache';
import { bus as processBus, EventBus } from './realtime/bus';
import { wsAuth, wsEvents, wsTokenOf } from './routes/ws';
import { seedIfEmpty } from './seed';

export interface StartOptions {
  config?: Partial<ApiConfig>;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: (message: string) => void;
  /** Its own bus instead of the process-wide one. */
  bus?: EventBus;
  /** Seed the demo data when the database is empty (default true). */
  seed?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  deps: AppDeps;
  db: DbHandle;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds once when empty, serves the app and attaches `/ws`. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.config);
  const handle = await openDatabase(config.databaseUrl);
  await runMigrations(handle);
  if (options.seed !== false) await seedIfEmpty(handle.db, config.scrypt, undefined, config.seedVolume);

  const deps: AppDeps = {
    db: handle.db,
    config,
    now: options.now ?? (() => new Date()),
    log: options.log ?? ((message) => console.log(message)),
    bus: options.bus ?? processBus,
    tokens: new TokenCache(config.tokenCacheMs),
    permissions: new PermissionCache(config.tokenCacheMs),
    jwtKey: secretKey(config.jwtSecret),
  };
  const app = createApp(deps);
  const { injectWebSocket, upgradeWebSocket, wss } = createNodeWebSocket({ app });
  app.get(
    '/ws',
    wsAuth(deps),
    upgradeWebSocket((c) => wsEvents(deps, c.var.auth, wsTokenOf(c) ?? '')),
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
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
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
  startServer()
    .then((running) => {
      console.log(`[api] Platform API on ${running.url} (database: ${running.db.where})`);
      const stop = () => {
        running.close().finally(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      console.error(`[api] could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
