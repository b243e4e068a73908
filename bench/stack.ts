/**
 * The running stack a browser benchmark needs: the Platform API and the built portal, used when they answer and
 * started here otherwise (the API on an in-memory database, the portal with `next start`, built first when no build
 * exists), stopped again on exit. Also writes one `## Section` of docs/BENCHMARKS.md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getSecret } from '../lib/secrets';

const children: ChildProcess[] = [];

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  SESSION_SECRET: getSecret('SESSION_SECRET'),
  AUTOLOGIN_SECRET: getSecret('AUTOLOGIN_SECRET'),
  JWT_SECRET: getSecret('JWT_SECRET'),
};

export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function waitFor(url: string, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s.`);
}

/** Each server runs in its own process group, so stopping it also stops what `npx` started below it. */
function start(command: string, args: string[], extra: Record<string, string>): void {
  children.push(spawn(command, args, { stdio: 'ignore', env: { ...env, ...extra }, detached: true }));
}

export function stopStack(): void {
  for (const child of children.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already stopped.
    }
  }
}
process.on('exit', stopStack);
process.on('SIGINT', () => process.exit(130));

/**
 * Starts the Platform API alone on `databaseUrl` (production mode, its own process group, stopped on exit or by
 * `stopApi`) and waits until it answers on 127.0.0.1:`port`.
 */
export async function startApi(databaseUrl: string, port: number, seconds = 300): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'upstream/src/server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'], detached: true,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
  });
  children.push(child);
  await waitFor(`http://127.0.0.1:${port}/api/health`, seconds);
  return child;
}

export async function stopApi(child: ChildProcess): Promise<void> {
  children.splice(children.indexOf(child), 1);
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

/** Makes sure the API and the portal answer; returns what was started here. */
export async function ensureStack(apiUrl: string, portalUrl: string): Promise<string[]> {
  const started: string[] = [];
  const api = new URL(apiUrl);
  const portal = new URL(portalUrl);
  if (!(await answers(api.origin))) {
    console.log(`Starting the Platform API on ${api.origin} (in-memory database)…`);
    start('npx', ['tsx', 'upstream/src/server.ts'], { PORT: api.port || '4000', DATABASE_URL: 'memory://', NODE_ENV: 'production' });
    await waitFor(`${api.origin}/api/openapi.json`, 90);
    started.push('Platform API');
  }
  if (!(await answers(portal.origin))) {
    const distDir = process.env.NEXT_DIST_DIR || '.next';
    if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
      console.log(`Building the portal into ${distDir}…`);
      const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env });
      if (build.status !== 0) throw new Error('next build failed');
    }
    console.log(`Starting the portal on ${portal.origin}…`);
    start('npx', ['next', 'start', '-p', portal.port || '3000', '-H', portal.hostname], { UPSTREAM_API_URL: api.origin, NODE_ENV: 'production' });
    await waitFor(`${portal.origin}/auth/login`, 90);
    started.push('portal');
  }
  return started;
}

/** Signs a demo user in through the portal's own login handler and returns the session cookie (`name=value`). */
export async function portalSessionCookie(portalUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${portalUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('bo_session='))?.split(';')[0];
  if (!cookie) throw new Error(`The portal at ${portalUrl} did not sign ${username} in (HTTP ${response.status}).`);
  return cookie;
}

/** Replaces (or appends) the `## {title}` section of a markdown file, leaving the other sections alone. */
export function writeSection(file: string, title: string, body: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body}\n`;
  const lines = current.split('\n');
  const first = lines.findIndex((line) => line.trim() === heading);
  if (first === -1) {
    writeFileSync(file, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  let end = lines.findIndex((line, i) => i > first && line.startsWith('## '));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, first).join('\n');
  const after = lines.slice(end).join('\n');
  writeFileSync(file, `${before}${before ? '\n' : ''}${section}${after ? `\n${after}` : ''}`.trimEnd() + '\n');
}
