import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { auditLog, users } from '../db/schema';
import { eq } from 'drizzle-orm';
import { clientOf } from './client';
import type { Db, Tx } from '../db/client';
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
/** What jsonb cannot hold (U+0000) and the other control characters but tab and newlines, kept as `\uXXXX` text. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const printable = (text: string) => text.replace(CONTROL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Every value replaced (the keys kept): what a credentials call sent, never a value of it. */
function redactAll(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redactAll(v, depth + 1));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [printable(k), redactAll(v, depth + 1)]));
  return '[redacted]';
}

/**
 * A request body as kept in the log: every secret replaced, every key and text printable (a NUL in any field, known
 * or not, cannot make the row unwritable), and no more than 20 000 characters of it.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [printable(k), isSecret(k) ? '[redacted]' : redact(v, depth + 1)]));
  }
  if (typeof value === 'string') return printable(value.length > 2000 ? `${value.slice(0, 2000)}…` : value);
  return value;
}

/** The fields of a row that an update changed, before → after (secrets redacted). */
export function diffOf(before: object, after: object): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (BOOKKEEPING.has(key) || JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    out[printable(key)] = isSecret(key) ? { before: '[redacted]', after: '[redacted]' } : { before: redact(a[key] ?? null), after: redact(b[key] ?? null) };
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
type Diff = Record<string, { before: unknown; after: unknown }>;

/** The usernames of an app's callers, as their audit rows name them. */
const namesOf = new WeakMap<AppDeps, Map<number, string>>();

/**
 * The audit row of a call answered with `status`; null for a call without a signed-in user. `conn` reads the caller's
 * username: a transaction already open must be given, as the embedded database serves one connection.
 */
async function auditRowOf(deps: AppDeps, c: Context<AppEnv>, status: number, diff?: Diff, conn: Db | Tx = deps.db): Promise<AuditRow | null> {
  const auth = c.get('auth');
  if (!auth) return null;
  let names = namesOf.get(deps);
  if (!names) namesOf.set(deps, (names = new Map()));
  let username = names.get(auth.uid);
  if (username === undefined) {
    const [row] = await conn.select({ username: users.username }).from(users).where(eq(users.id, auth.uid)).limit(1);
    username = row?.username ?? String(auth.uid);
    if (names.size > 10_000) names.clear();
    names.set(auth.uid, username);
  }
  const client = clientOf(c, deps.config.autologinSecret);
  const body = await bodyOf(c);
  return {
    companyId: auth.companyId,
    userId: auth.uid,
    username,
    role: auth.role,
    method: c.req.method,
    path: printable(c.req.path.slice(0, 500)),
    route: (routePath(c, -1) || c.req.path).replace(/:(\w+)/g, '{$1}').slice(0, 300),
    status,
    ip: client.ip,
    userAgent: client.userAgent ? printable(client.userAgent.slice(0, 300)) : null,
    changes: { ...(body === undefined ? {} : { body }), ...(diff && Object.keys(diff).length ? { diff } : {}) },
    createdAt: deps.now(),
  };
}

/**
 * A change and its audit row in one transaction: `write` runs in it, then the row (answered `status`, with the diff
 * `diffOf` reads in the same transaction) is inserted; when the row cannot be written the change is rolled back and
 * the call fails. The trail (below) records nothing more for the call. `write` must use only the transaction it gets.
 */
export async function auditedWrite<T>(
  deps: AppDeps,
  c: Context<AppEnv>,
  status: number,
  write: (tx: Tx) => Promise<T>,
  diffOf?: (tx: Tx, result: T) => Promise<Diff | undefined>,
): Promise<T> {
  const row = await auditRowOf(deps, c, status);
  const result = await deps.db.transaction(async (tx) => {
    const done = await write(tx);
    if (row) {
      const diff = diffOf ? await diffOf(tx, done) : undefined;
      const changes = diff && Object.keys(diff).length ? { ...row.changes, diff } : row.changes;
      await tx.insert(auditLog).values({ ...row, changes });
    }
    return done;
  });
  if (row) c.set('audited', true);
  return result;
}

/**
 * Writes the call's audit row inside a transaction the handler already holds (a money movement and its record commit
 * together or not at all), with the status it is about to answer; the trail then leaves the call alone. A call refused
 * later (the transaction rolled back) is recorded by the trail as usual.
 */
export async function auditInTransaction(deps: AppDeps, tx: Tx, c: Context<AppEnv>, status: number): Promise<void> {
  const row = await auditRowOf(deps, c, status, undefined, tx);
  if (!row) return;
  await tx.insert(auditLog).values(row);
  c.set('audited', true);
}

/**
 * Records every state-changing call a signed-in user makes, after it has been answered, whatever the answer (a
 * refusal is worth knowing too): who, when, from where (the address the portal passes on), the route, the status and
 * what changed. A call whose change wrote its row in its own transaction (`auditedWrite`) is not recorded again. The
 * rows of calls answered within a few milliseconds are inserted together (kit/group-commit.ts); a row that cannot be
 * recorded is logged and never fails the call.
 */
export function auditTrail(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const rows = new GroupCommit<AuditRow, void>(
    async (group) => {
      await deps.db.insert(auditLog).values(group);
      return group.map(() => succeeded(undefined));
    },
    { maxWaitMs: deps.config.writeGroups.ms, maxSize: deps.config.writeGroups.max },
  );
  return async (c, next) => {
    await next();
    if (!CHANGES.has(c.req.method) || c.get('audited')) return;
    try {
      const row = await auditRowOf(deps, c, c.res.status, c.get('auditDiff'));
      if (row) await rows.submit(row);
    } catch (error) {
      deps.log(`[audit] could not record ${c.req.method} ${c.req.path}: ${(error as Error).message}`);
    }
  };
}
