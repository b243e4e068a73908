/**
 * Chat through the portal's live relay: peers send `CHAT_RATE` messages a second (1,000) on the app channel for
 * `CHAT_SECONDS` (60) while `CHAT_STREAMS` (200) browsers' worth of `/api/live/Delivery?channel=chat` streams are
 * open on the built portal (four per session, so one sign-in per four streams). Each stream must get every message
 * sent: lost messages are counted (must be 0), and the delivery latency (send → the stream's frame) is reported as
 * p50 / p95 / max (target p95 ≤ 500 ms). The measured seconds follow `CHAT_WARMUP_SECONDS` (10) of sending at the
 * same rate, as a server that has been running meets the load (JIT, caches, the first groups); the warm-up's own
 * latency is reported apart and its messages are counted in the lost ones. Writes the "Chat" section of
 * docs/BENCHMARKS.md.
 *
 * `npm run bench:chat` (`--pg` or a postgres DATABASE_URL: on PostgreSQL; else PGlite; `CHAT_API_PROFILE=dir` runs
 * the Platform API under `--cpu-prof`). The Platform API and the portal are started here on free ports (the portal
 * from an existing build, `NEXT_DIST_DIR` or `.next`), holding /tmp/e2e.lock while they run so no build or e2e run
 * shares the two cores.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import http from 'node:http';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { getSecret } from '../runtime/secrets';
import { postgresBase, withDatabase } from './databases';
import { freePort } from './shops-measure';
import { apiToken, builtPortal, holdLock, portalSessionCookie, startApi, startPortal, stopServer, writeSection } from './stack';

const { values } = parseArgs({ options: { pg: { type: 'boolean' }, write: { type: 'boolean', default: true } } });
const RATE = Number(process.env.CHAT_RATE ?? 1000);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 60);
const STREAMS = Number(process.env.CHAT_STREAMS ?? 200);
const PEERS = 20;
const GRACE_MS = 15_000;
/** Seconds of sending at `RATE` before the measured ones: every process starts cold (JIT, caches, the API's first groups). */
const WARMUP_SECONDS = Number(process.env.CHAT_WARMUP_SECONDS ?? 10);
const PER_SESSION = 4;
/** A folder: the Platform API runs under `--cpu-prof` and writes its profile there when it stops. */
const PROFILE = process.env.CHAT_API_PROFILE;

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

interface Stream {
  got: Uint8Array;
  live: boolean;
  count: number;
  abort: AbortController;
}

async function main(): Promise<void> {
  const backend = postgresBase(values.pg) ? 'postgres' : 'pglite';
  /** The warm-up's messages come first: sequence numbers below `warm`. */
  const warm = RATE * WARMUP_SECONDS;
  const measured = RATE * SECONDS;
  const total = warm + measured;
  const sentAt = new Float64Array(total);
  const created = new Uint8Array(total);
  /** Send → a stream's frame, for the measured messages; the warm-up's apart. */
  const latencies: number[] = [];
  const warmLatencies: number[] = [];
  /** Send → the Platform API's answer (measured messages): what the write path adds before the relay sees the message. */
  const sendLatencies: number[] = [];
  let received = 0;
  let failedSends = 0;

  await withDatabase(backend, 'bench-chat', postgresBase(values.pg), async (databaseUrl) => {
    process.stdout.write('waiting for /tmp/e2e.lock…\n');
    const release = await holdLock('/tmp/e2e.lock');
    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const api = await startApi(databaseUrl, apiPort, {
      extra: { SEED_MEMBERS: '200', SEED_BIKERS: '40', SEED_ORDERS: '500', SEED_PARCELS: '50' },
      nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [],
    });
    const portalPort = await freePort();
    const portalUrl = `http://127.0.0.1:${portalPort}`;
    const portal = await startPortal(apiUrl, portalPort, builtPortal());
    try {
      const admin = await apiToken(apiUrl, 'admin', 'Admin#2026');
      const appHeaders = { authorization: `Bearer ${admin}`, [APP_KEY_HEADER]: getSecret('APP_API_KEY'), 'content-type': 'application/json' };
      const staff = await apiToken(apiUrl, 'staff.bkk', 'Staff#2026');
      const peersRes = await fetch(`${apiUrl}/api/admin/Delivery/Chat/peers?peerKind=member`, { headers: { authorization: `Bearer ${staff}` } });
      const peers = ((await peersRes.json()) as { data: { peerId: string }[] }).data.slice(0, PEERS).map((p) => p.peerId);
      if (peers.length === 0) throw new Error('no Bangkok members to chat as');

      // The browsers: staff.bkk sessions, four streams each.
      const streams: Stream[] = [];
      const cookies: string[] = [];
      for (let i = 0; i < Math.ceil(STREAMS / PER_SESSION); i += 1) cookies.push(await portalSessionCookie(portalUrl, 'staff.bkk', 'Staff#2026'));
      const portalAgent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 10 });
      const bodyPattern = /"body":"bench (\d+)"/;
      for (let i = 0; i < STREAMS; i += 1) {
        const stream: Stream = { got: new Uint8Array(total), live: false, count: 0, abort: new AbortController() };
        streams.push(stream);
        const req = http.get(
          `${portalUrl}/api/live/Delivery?channel=chat`,
          { headers: { cookie: cookies[Math.floor(i / PER_SESSION)]!, accept: 'text/event-stream' }, agent: portalAgent, signal: stream.abort.signal },
          (res) => {
            if (res.statusCode !== 200) {
              process.stderr.write(`stream ${i}: HTTP ${res.statusCode}\n`);
              res.resume();
              return;
            }
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              buffer += chunk;
              // A chunk carries a batch of frames: read them by index and keep only the unfinished tail.
              let from = 0;
              let end = buffer.indexOf('\n\n');
              while (end !== -1) {
                const frame = buffer.slice(from, end);
                from = end + 2;
                end = buffer.indexOf('\n\n', from);
                if (frame.startsWith('event: live')) stream.live = true;
                else if (frame.startsWith('event: chat.message')) {
                  const match = bodyPattern.exec(frame);
                  if (!match) continue;
                  const seq = Number(match[1]);
                  if (stream.got[seq]) continue;
                  stream.got[seq] = 1;
                  stream.count += 1;
                  received += 1;
                  (seq < warm ? warmLatencies : latencies).push(performance.now() - sentAt[seq]!);
                }
              }
              buffer = buffer.slice(from);
            });
            res.on('error', () => undefined);
          },
        );
        req.on('error', (error) => {
          if (!stream.abort.signal.aborted) process.stderr.write(`stream ${i} ended: ${String(error)}\n`);
        });
      }
      const liveBy = Date.now() + 60_000;
      while (streams.some((s) => !s.live)) {
        if (Date.now() > liveBy) throw new Error(`${streams.filter((s) => !s.live).length} streams not live after 60 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
      process.stdout.write(`${STREAMS} streams live; sending ${RATE}/s for ${WARMUP_SECONDS} s of warm-up and ${SECONDS} s measured…\n`);

      // The peers: `RATE` messages a second, in 10 ms ticks, spread over the conversations.
      const apiAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
      const post = (path: string, body: string) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(`${apiUrl}${path}`, { method: 'POST', headers: appHeaders, agent: apiAgent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end(body);
        });
      const inFlight = new Set<Promise<void>>();
      const start = performance.now();
      let next = 0;
      while (next < total) {
        const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE));
        for (; next < due; next += 1) {
          const seq = next;
          const peer = peers[seq % peers.length]!;
          sentAt[seq] = performance.now();
          const p = post(
            `/api/app/Delivery/Chat/member/${peer}/messages`,
            JSON.stringify({ clientId: `bench-${seq}-${start.toFixed(0)}`, body: `bench ${seq}` }),
          )
            .then((status) => {
              if (seq >= warm) sendLatencies.push(performance.now() - sentAt[seq]!);
              if (status === 201) created[seq] = 1;
              else failedSends += 1;
            })
            .catch(() => {
              failedSends += 1;
            })
            .finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      const sendSeconds = (performance.now() - start) / 1000 - WARMUP_SECONDS;
      await Promise.all(inFlight);
      const answeredSeconds = (performance.now() - start) / 1000 - WARMUP_SECONDS;
      const createdCount = created.reduce((n, v) => n + v, 0);
      // Every stream should get every created message; wait for the last ones.
      const doneBy = Date.now() + GRACE_MS;
      while (Date.now() < doneBy && streams.some((s) => s.count < createdCount)) await new Promise((r) => setTimeout(r, 200));
      let lost = 0;
      for (const s of streams) for (let seq = 0; seq < total; seq += 1) if (created[seq] && !s.got[seq]) lost += 1;
      for (const s of streams) s.abort.abort();
      portalAgent.destroy();
      apiAgent.destroy();

      const sorted = Float64Array.from(latencies).sort();
      const sendSorted = Float64Array.from(sendLatencies).sort();
      const warmSorted = Float64Array.from(warmLatencies).sort();
      const allSorted = new Float64Array(sorted.length + warmSorted.length);
      allSorted.set(sorted);
      allSorted.set(warmSorted, sorted.length);
      allSorted.sort();
      const result = {
        sent: total,
        created: createdCount,
        failedSends,
        sendSeconds,
        deliveries: received,
        expected: createdCount * STREAMS,
        lost,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.length ? sorted[sorted.length - 1]! : NaN,
        sendP50: percentile(sendSorted, 50),
        sendP95: percentile(sendSorted, 95),
        warmP95: percentile(warmSorted, 95),
        allP95: percentile(allSorted, 95),
        warmMax: warmSorted.length ? warmSorted[warmSorted.length - 1]! : NaN,
      };
      console.log(result);
      const cpu = os.cpus();
      const lines = [
        `Run ${new Date().toISOString().slice(0, 10)} on ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}; the Platform API, the built portal (\`next start\`) and the load generator on the same machine. \`npm run bench:chat\` (CHAT_RATE, CHAT_SECONDS, CHAT_WARMUP_SECONDS, CHAT_STREAMS).`,
        '',
        `Load: ${RATE} messages/s on the app channel for ${WARMUP_SECONDS} s of warm-up, then ${SECONDS} s measured (${PEERS} member conversations of Bangkok), ${STREAMS} SSE streams of \`/api/live/Delivery?channel=chat\` (${Math.ceil(STREAMS / PER_SESSION)} staff.bkk sessions; the portal holds one upstream socket for them all, \`lib/server/live-hub.ts\`), every stream carrying every message. Processes start cold: the warm-up's deliveries are reported apart.`,
        '',
        '| measure | value |',
        '|---|---|',
        `| messages sent / created (warm-up and measured) | ${total.toLocaleString('en')} / ${createdCount.toLocaleString('en')} (${failedSends} sends failed) |`,
        `| measured: sends issued per second (the generator's pace) / answered per second (the Platform API's) | ${(measured / sendSeconds).toFixed(0)} / ${(measured / answeredSeconds).toFixed(0)} |`,
        `| deliveries expected / received | ${result.expected.toLocaleString('en')} / ${received.toLocaleString('en')} |`,
        `| **lost messages** (created, never delivered to a stream by the end of the run) | **${lost.toLocaleString('en')}** |`,
        `| measured: delivery latency p50 | ${result.p50.toFixed(0)} ms |`,
        `| measured: **delivery latency p95** (target ≤ 500 ms) | **${result.p95.toFixed(0)} ms** |`,
        `| measured: delivery latency max | ${result.max.toFixed(0)} ms |`,
        `| measured: the Platform API's answer to a send, p50 / p95 (part of the delivery latency) | ${result.sendP50.toFixed(0)} / ${result.sendP95.toFixed(0)} ms |`,
        `| warm-up (the first ${WARMUP_SECONDS} s, cold processes): delivery latency p95 / max | ${result.warmP95.toFixed(0)} / ${result.warmMax.toFixed(0)} ms |`,
        `| every message, warm-up included: delivery latency p95 | ${result.allP95.toFixed(0)} ms |`,
      ];
      if (values.write) writeSection('docs/BENCHMARKS.md', 'Chat', lines.join('\n'));
    } finally {
      await stopServer(portal);
      await stopServer(api);
      release();
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
