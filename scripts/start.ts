/**
 * `npm start`: the Platform API (embedded PGlite by default) on API_PORT (4000) and the portal on PORT (3000).
 * Builds the portal first when no build exists. `--dev` runs the portal with `next dev` instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { getSecret } from '../runtime/secrets';

const dev = process.argv.includes('--dev');
const apiPort = process.env.API_PORT ?? '4000';
const portalPort = process.env.PORT ?? '3000';

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  SESSION_SECRET: getSecret('SESSION_SECRET'),
  AUTOLOGIN_SECRET: getSecret('AUTOLOGIN_SECRET'),
  JWT_SECRET: getSecret('JWT_SECRET'),
  APP_API_KEY: getSecret('APP_API_KEY'),
  PAYMENT_WEBHOOK_SECRET: getSecret('PAYMENT_WEBHOOK_SECRET'),
  SETTINGS_SECRET: getSecret('SETTINGS_SECRET'),
  UPSTREAM_API_URL: process.env.UPSTREAM_API_URL ?? `http://127.0.0.1:${apiPort}`,
  // This command serves plain http for local use, so its cookies are not Secure unless asked for: behind a TLS proxy
  // set COOKIE_SECURE=true (Secure, `__Host-` names). `next start` on its own defaults to Secure.
  COOKIE_SECURE: process.env.COOKIE_SECURE ?? 'false',
};

if (!dev && !existsSync('.next/BUILD_ID')) {
  console.log('Building the portal (first start only)…');
  const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children: ChildProcess[] = [];
function run(name: string, command: string, args: string[], extra: Record<string, string>) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...extra } });
  const prefix = (chunk: Buffer) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    console.log(`[${name}] stopped (${code ?? 'signal'})`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('api', 'npx', ['tsx', 'upstream/src/server.ts'], { PORT: apiPort });
run('portal', 'npx', ['next', dev ? 'dev' : 'start', '-p', portalPort], { PORT: portalPort });
console.log(`Portal: http://127.0.0.1:${portalPort}  ·  Platform API: http://127.0.0.1:${apiPort}`);
