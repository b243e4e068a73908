/**
 * The Platform API for the e2e suite: an in-memory database behind a TCP relay on PORT, plus a control port
 * (CONTROL_PORT) whose `POST /stop` and `POST /start` close and reopen the relay, so a test can take the
 * upstream away from the portal and bring it back with its data intact, and whose `POST /sweep?advance=<ms>` runs
 * one pass of Config/Biker's rules as the periodic sweep would `advance` ms from now (offers not accepted in time,
 * bikers online too long), publishing its events. `POST /permissions/drop?login=<username or e-mail>&names=<a>,<b>`
 * removes those entries from one user's permission list (a narrower list, as any upstream may send), until the next `setMenu`.
 */
import net from 'node:net';
import http from 'node:http';
import { and, eq, inArray, or } from 'drizzle-orm';
import { permissions, users } from '../upstream/src/db/schema';
import { keepBikerRules } from '../upstream/src/domain/biker-rules';
import { startServer } from '../upstream/src/server';

const publicPort = Number(process.env.PORT ?? 4100);
const controlPort = Number(process.env.CONTROL_PORT ?? publicPort + 99);

// The suites hold orders open across tests for minutes: the order deadlines of Config/App (and the biker rules of
// Config/Biker, which run with them) would change them under a test's feet. They are tested on their own
// (upstream/test/order-deadlines.test.ts, biker-rules.test.ts); a test runs the biker rules through `POST /sweep`.
const api = await startServer({
  config: { port: 0, host: '127.0.0.1', databaseUrl: process.env.DATABASE_URL ?? 'memory://', orderDeadlineSweepMs: 0 },
  log: () => {},
});
const sockets = new Set<net.Socket>();
let relay: net.Server | null = null;

function open(): Promise<void> {
  if (relay) return Promise.resolve();
  const server = net.createServer((client) => {
    const target = net.connect(api.port, '127.0.0.1');
    for (const s of [client, target]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(target).pipe(client);
  });
  relay = server;
  return new Promise((resolve) => server.listen(publicPort, '127.0.0.1', () => resolve()));
}

function shut(): Promise<void> {
  const server = relay;
  relay = null;
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

await open();
http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const action = req.method === 'POST' ? url.pathname : null;
    const answer = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const done = () => answer({ up: relay !== null });
    if (action === '/stop') void shut().then(done);
    else if (action === '/start') void open().then(done);
    else if (action === '/sweep') {
      const advance = Number(url.searchParams.get('advance') ?? 0);
      void keepBikerRules({ ...api.deps, now: () => new Date(api.deps.now().getTime() + advance) }).then((sweep) =>
        answer({ released: sweep?.released.map(String) ?? null, offline: sweep?.offline.map(String) ?? null }),
      );
    } else if (action === '/permissions/drop') {
      const names = (url.searchParams.get('names') ?? '').split(',').filter(Boolean);
      const login = url.searchParams.get('login') ?? '';
      void (async () => {
        const [user] = await api.deps.db
          .select({ id: users.id })
          .from(users)
          .where(or(eq(users.username, login), eq(users.email, login)));
        if (!user || names.length === 0) return answer({ dropped: 0 });
        const gone = await api.deps.db
          .delete(permissions)
          .where(and(eq(permissions.userId, user.id), inArray(permissions.name, names)))
          .returning({ id: permissions.id });
        api.deps.permissions.drop(user.id);
        answer({ dropped: gone.length });
      })();
    } else res.writeHead(404).end();
  })
  .listen(controlPort, '127.0.0.1');
console.log(`[e2e-api] Platform API relay on ${publicPort}, control on ${controlPort}`);

const stop = () =>
  void shut()
    .then(() => api.close())
    .finally(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
