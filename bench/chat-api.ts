/**
 * The Platform API's chat send rate alone (no portal, no streams): `CHAT_API_SENDERS` (32) senders post
 * `CHAT_API_MESSAGES` (6,000) messages as fast as they are answered on the app channel, spread over 20 member
 * conversations of Bangkok, after `CHAT_API_WARMUP` (1,000) messages the figures leave out. Prints the sends a second
 * and the answer time; writes nothing. `--pg` (or a postgres DATABASE_URL): on PostgreSQL; else PGlite.
 * `CHAT_API_PROFILE=dir` starts the API with `--cpu-prof` into that folder.
 *
 * `npx tsx bench/chat-api.ts --pg`
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { getSecret } from '../runtime/secrets';
import { postgresBase, withDatabase } from './databases';
import { freePort } from './shops-measure';
import { apiToken, startApi, stopServer } from './stack';

const { values } = parseArgs({ options: { pg: { type: 'boolean' } } });
const SENDERS = Number(process.env.CHAT_API_SENDERS ?? 32);
const MESSAGES = Number(process.env.CHAT_API_MESSAGES ?? 6000);
const WARMUP = Number(process.env.CHAT_API_WARMUP ?? 1000);
const PROFILE = process.env.CHAT_API_PROFILE;
const PEERS = 20;

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

async function main(): Promise<void> {
  const backend = postgresBase(values.pg) ? 'postgres' : 'pglite';
  await withDatabase(backend, 'bench-chat-api', postgresBase(values.pg), async (databaseUrl) => {
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const extra: Record<string, string> = { SEED_MEMBERS: '200', SEED_BIKERS: '40', SEED_ORDERS: '500', SEED_PARCELS: '50' };
    const api = await startApi(databaseUrl, port, { extra, nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [] });
    try {
      const admin = await apiToken(apiUrl, 'admin', 'Admin#2026');
      const staff = await apiToken(apiUrl, 'staff.bkk', 'Staff#2026');
      const peersRes = await fetch(`${apiUrl}/api/admin/Delivery/Chat/peers?peerKind=member`, { headers: { authorization: `Bearer ${staff}` } });
      const peers = ((await peersRes.json()) as { data: { peerId: string }[] }).data.slice(0, PEERS).map((p) => p.peerId);
      if (peers.length === 0) throw new Error('no Bangkok members to chat as');
      const headers = { authorization: `Bearer ${admin}`, [APP_KEY_HEADER]: getSecret('APP_API_KEY'), 'content-type': 'application/json' };
      const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS });
      const post = (path: string, body: string) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(`${apiUrl}${path}`, { method: 'POST', headers, agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end(body);
        });

      const run = async (count: number, tag: string) => {
        const latencies = new Float64Array(count);
        let next = 0;
        let failed = 0;
        const start = performance.now();
        await Promise.all(
          Array.from({ length: SENDERS }, async () => {
            while (next < count) {
              const seq = next++;
              const at = performance.now();
              const status = await post(
                `/api/app/Delivery/Chat/member/${peers[seq % peers.length]!}/messages`,
                JSON.stringify({ clientId: `${tag}-${seq}`, body: `bench ${seq}` }),
              );
              latencies[seq] = performance.now() - at;
              if (status !== 201) failed += 1;
            }
          }),
        );
        return { seconds: (performance.now() - start) / 1000, latencies: latencies.sort(), failed };
      };

      await run(WARMUP, `warm-${Date.now()}`);
      const { seconds, latencies, failed } = await run(MESSAGES, `run-${Date.now()}`);
      agent.destroy();
      console.log({
        backend,
        senders: SENDERS,
        messages: MESSAGES,
        failed,
        sendsPerSecond: Math.round(MESSAGES / seconds),
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p95: Number(percentile(latencies, 95).toFixed(1)),
      });
    } finally {
      await stopServer(api);
    }
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
