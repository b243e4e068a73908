import type { Context, MiddlewareHandler } from 'hono';
import type { Db, Tx } from '../db/client';
import { routePath } from 'hono/route';
import { auditLog, users } from '../db/schema';
import { eq } from 'drizzle-orm';
import { clientOf } from './client';
import type { AppDeps, AppEnv } from './env';
import { GroupCommit, succeeded } from './group-commit';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Keys whose values are never stored: passwords, one-time codes, tokens, keys and secrets. */
const SECRET = /pass|otp|token|secret|apikey|api_key|privatekey|signature/i;
/** The password change's other fields (contract/resources/profile.ts): the current password and the new one again. */
const SECRET_NAMES = new Set(['current', 'confirm', 'confirmation']);
const isSecret = (key: string) => SECRET.test(key) || SECRET_NAMES.has(key.toLowerCase());
/** A call about credentials (`/Profile/password`, an OTP or token call): every value of its body is a secret, whatever its name. */
const CREDENTIAL_PATH = /password|otp|token/i;
/** Bookkeeping fields of a row that every update changes. */
const BOOKKEEPING = new Set(['version', 'updatedAt', 'updatedBy']);
const MAX_BODY_CHARS = 20_000;

/** Every value replaced (the keys kept): what a credentials call sent, never a value of it. */
function redactAll(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redactAll(v, depth + 1));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactAll(v, depth + 1)]));
  return '[redacted]';
}

/** A request body as kept in the log: every secret replaced, and no more than 20 000 characters of it. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecret(k) ? '[redacted]' : redact(v, depth + 1)]));
  }
  if (typeof value === 'string' && value.length > 2000) return `${value.slice(0, 2000)}…`;
  return value;
}

/** The fields of a row that an update changed, before → after (secrets redacted). */
export function diffOf(before: object, after: object): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (BOOKKEEPING.has(key) || JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    out[key] = isSecret(key) ? { before: '[redacted]', after: '[redacted]' } : { before: a[key] ?? null, after: b[key] ?? null };
  }
  return out;
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  try {
    const body: unknown = await c.req.json();
    const kept = CREDENTIAL_PATH.test(c.req.path) ? redactAll(body) : redact(body);
    return JSON.stringify(kept).length > MAX_BODY_CHARS ? '[too large]' : kept;
  } catch {
    return undefined;
  }
}

type AuditRow = typeof auditLog.$inferInsert;
type Conn = Db | Tx;

/** The row of a call: who, from where, the route, the status and what changed; null when no one is signed in. */
async function rowOf(c: Context<AppEnv>, status: number, nameOf: (uid: number) => Promise<string>, now: Date, addressSecret: string): Promise<AuditRow | null> {
  const auth = c.get('auth');
  if (!auth) return null;
  const client = clientOf(c, addressSecret);
  const body = await bodyOf(c);
  const diff = c.get('auditDiff');
  return {
    companyId: auth.companyId,
    userId: auth.uid,
    username: await nameOf(auth.uid),
    role: auth.role,
    method: c.req.method,
    path: c.req.path.slice(0, 500),
    route: (routePath(c, -1) || c.req.path).replace(/:(\w+)/g, '{$1}').slice(0, 300),
    status,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    changes: { ...(body === undefined ? {} : { body }), ...(diff && Object.keys(diff).length ? { diff } : {}) },
    createdAt: now,
  };
}

/**
 * Writes the call's audit row inside the caller's transaction (a money movement and its record commit together or
 * not at all), with the status it is about to answer; the trail below then leaves the call alone. A call refused
 * later (the transaction rolled back) is recorded by the trail as usual.
 */
export async function auditInTransaction(tx: Conn, c: Context<AppEnv>, status: number, now: Date, addressSecret: string): Promise<void> {
  const row = await rowOf(
    c,
    status,
    async (uid) => (await tx.select({ username: users.username }).from(users).where(eq(users.id, uid)).limit(1))[0]?.username ?? String(uid),
    now,
    addressSecret,
  );
  if (!row) return;
  await tx.insert(auditLog).values(row);
  c.set('auditWritten', true);
}

/**
 * Records every state-changing call a signed-in user makes, after it has been answered, whatever the answer (a
 * refusal is worth knowing too): who, when, from where (the address the portal passes on), the route, the status and
 * what changed. The rows of calls answered within a few milliseconds are inserted together (kit/group-commit.ts); a
 * row that cannot be recorded is logged and never fails the call.
 */
export function auditTrail(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const names = new Map<number, string>();
  const rows = new GroupCommit<AuditRow, void>(
    async (group) => {
      await deps.db.insert(auditLog).values(group);
      return group.map(() => succeeded(undefined));
    },
    { maxWaitMs: deps.config.writeGroups.ms, maxSize: deps.config.writeGroups.max },
  );
  const nameOf = async (uid: number) => {
    let username = names.get(uid);
    if (username === undefined) {
      const [row] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, uid)).limit(1);
      username = row?.username ?? String(uid);
      if (names.size > 10_000) names.clear();
      names.set(uid, username);
    }
    return username;
  };
  return async (c, next) => {
    await next();
    if (!CHANGES.has(c.req.method) || c.get('auditWritten')) return;
    try {
      const row = await rowOf(c, c.res.status, nameOf, deps.now(), deps.config.autologinSecret);
      if (row) await rows.submit(row);
    } catch (error) {
      deps.log(`[audit] could not record ${c.req.method} ${c.req.path}: ${(error as Error).message}`);
    }
  };
}
