/** Measuring helpers of the Shop list benchmark: sequential request timing and a streamed export with RSS sampling. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Timing {
  p50: number;
  p99: number;
  max: number;
  count: number;
  non2xx: number;
}
export interface ExportFigures {
  status: number;
  rows: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  rssRise: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  throw new Error(`${url} did not answer within ${seconds} s.`);
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** `count` sequential requests after `warmup` unmeasured ones; each timed to the last byte of its body. */
export async function timeRequests(url: string, init: RequestInit, count: number, warmup = 5): Promise<Timing> {
  const times: number[] = [];
  let non2xx = 0;
  for (let i = 0; i < warmup + count; i++) {
    const started = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (i < warmup) continue;
    times.push(ms);
    if (res.status < 200 || res.status > 299) non2xx++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0, count, non2xx };
}

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status). */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** Streams the export without keeping it, counting rows and bytes, while sampling the server's RSS every 50 ms. */
export async function measureExport(url: string, headers: Record<string, string>, pid: number): Promise<ExportFigures> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(pid));
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  let status = 0;
  try {
    const res = await fetch(url, { headers });
    status = res.status;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) newlines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  rssPeak = Math.max(rssPeak, rssOf(pid));
  // One header line; the last data line ends with a newline.
  return { status, rows: Math.max(0, newlines - 1), bytes, seconds, rssBefore, rssPeak, rssRise: rssPeak - rssBefore };
}
