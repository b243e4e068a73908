import { and, asc, count, eq, gt, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import { ANNOUNCEMENT_OPEN, type AnnouncementKind, type AnnouncementStatus, type InboxItem } from '@contract/resources/announcements';
import type { Db } from '../db/client';
import { announcementDeliveries, announcements, bikers, members, shops } from '../db/schema';
import type { Place } from '../kit/crud';
import type { AppDeps } from '../kit/env';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { imageUrlOf } from './images';
import type { ServiceScope } from './scope';

/**
 * Public relations and broadcasts (`announcements`), and the job that sends them. A message is queued (`scheduled`,
 * with `scheduledAt` now or later); the sender takes a due one under a lease (`leaseUntil`, renewed each batch, so two
 * API processes never send the same message at once), works out its audience in batches ordered by id from `cursor`,
 * and in one transaction per batch inserts the deliveries (ON CONFLICT DO NOTHING: the key is the message and the
 * recipient) and moves `cursor` and `sentCount` on. A process stopped mid-way leaves the lease to lapse; the next one
 * resumes from the cursor, and nobody gets the message twice. At the end it is `sent`, with `totalCount` the number
 * delivered.
 */

/** A value of a timestamp column as ISO text (null stays null), the same on PGlite and PostgreSQL. */
export const isoOf = (column: SQL | AnyColumn): SQL<string | null> =>
  sql<string | null>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The kit's computed values of a message: what the job keeps, read-only on the wire. */
export const announcementComputed = {
  status: () => sql<AnnouncementStatus>`${announcements.status}`,
  scheduledAt: () => isoOf(announcements.scheduledAt),
  totalCount: () => sql<number>`${announcements.totalCount}`,
  sentCount: () => sql<number>`${announcements.sentCount}`,
  startedAt: () => isoOf(announcements.startedAt),
  finishedAt: () => isoOf(announcements.finishedAt),
};

/**
 * A message's fields before they are written (the kit checks its picture, `kit/image-refs.ts`): only a draft or a
 * scheduled one is edited (400 `{status: ['invalidTransition']}` after sending began); `openShop` names a live shop of
 * the message's area (`{targetShopId: ['unknownReference']}`), and a target keeps only its own reference.
 */
export async function prepareAnnouncement(
  db: Db,
  place: Place,
  input: Record<string, unknown>,
  current?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (current && !ANNOUNCEMENT_OPEN.includes(current.status as AnnouncementStatus)) throw invalid({ status: [CODES.invalidTransition] });
  const out: Record<string, unknown> = { ...input, targetShopId: null, targetUrl: input.target === 'openUrl' ? input.targetUrl : '' };
  if (input.target === 'openShop') {
    const shopId = Number(input.targetShopId);
    const [shop] =
      place.appId === null || place.areaId === null
        ? []
        : await db
            .select({ id: shops.id })
            .from(shops)
            .where(
              and(
                eq(shops.id, shopId),
                eq(shops.companyId, place.companyId),
                eq(shops.appId, place.appId),
                eq(shops.areaId, place.areaId),
                isNull(shops.deletedAt),
              ),
            )
            .limit(1);
    if (!shop) throw invalid({ targetShopId: [CODES.unknownReference] });
    out.targetShopId = shopId;
  }
  return out;
}

/** A message in the caller's scope (staff: their own area), of one kind. */
const inScope = (scope: ServiceScope, kind: AnnouncementKind, id: number): SQL =>
  and(
    eq(announcements.id, id),
    eq(announcements.kind, kind),
    eq(announcements.companyId, scope.companyId),
    eq(announcements.appId, scope.appId),
    scope.areaId === null ? undefined : eq(announcements.areaId, scope.areaId),
    isNull(announcements.deletedAt),
  )!;

export type AnnouncementAction = 'send' | 'schedule' | 'cancel';

/**
 * Send now, schedule, or cancel a message in scope, with the version last read: 404 out of scope, 409 with the row's
 * version when stale, 400 `{status: ['invalidTransition']}` once sending began (or after a cancel), 400
 * `{scheduledAt: ['outOfRange']}` for a time not in the future.
 */
export async function changeAnnouncement(
  deps: AppDeps,
  scope: ServiceScope,
  kind: AnnouncementKind,
  id: number,
  action: AnnouncementAction,
  body: { version: number; scheduledAt?: string },
  userId: number | null,
): Promise<void> {
  const [row] = await deps.db
    .select({ status: announcements.status, version: announcements.version })
    .from(announcements)
    .where(inScope(scope, kind, id))
    .limit(1);
  if (!row) throw notFoundData();
  if (row.version !== body.version) throw conflict({ version: row.version, status: row.status });
  if (!ANNOUNCEMENT_OPEN.includes(row.status)) throw invalid({ status: [CODES.invalidTransition] });
  const now = deps.now();
  let set: Partial<typeof announcements.$inferInsert>;
  if (action === 'cancel') set = { status: 'cancelled' };
  else if (action === 'send') set = { status: 'scheduled', scheduledAt: now };
  else {
    const at = new Date(body.scheduledAt ?? '');
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) throw invalid({ scheduledAt: [CODES.outOfRange] });
    set = { status: 'scheduled', scheduledAt: at };
  }
  const done = await deps.db
    .update(announcements)
    .set({ ...set, version: sql`${announcements.version} + 1`, updatedAt: now, updatedBy: userId })
    .where(and(inScope(scope, kind, id), eq(announcements.version, body.version), sql`${announcements.status} IN ('draft', 'scheduled')`))
    .returning({ id: announcements.id });
  if (done.length === 0) throw conflict();
}

type Announcement = typeof announcements.$inferSelect;

/** Who an audience is: the recipients' table, the kind of their deliveries, and which of its rows. */
function audienceOf(a: Pick<Announcement, 'audience' | 'companyId' | 'appId' | 'areaId'>) {
  const table = a.audience === 'shops' ? shops : a.audience === 'bikers' ? bikers : members;
  const kind = a.audience === 'shops' ? ('shop' as const) : a.audience === 'bikers' ? ('biker' as const) : ('member' as const);
  const where = and(
    eq(table.companyId, a.companyId),
    eq(table.appId, a.appId),
    a.audience === 'area' ? eq(table.areaId, a.areaId) : undefined,
    eq(table.status, 'active'),
    isNull(table.deletedAt),
  )!;
  return { table, kind, where };
}

/** How many the audience holds now. */
async function audienceSize(db: Db, a: Announcement): Promise<number> {
  const { table, where } = audienceOf(a);
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export interface SendOptions {
  /** Recipients per transaction (default 500). */
  batchSize?: number;
  /** How long a lease holds without a batch renewing it (default 60 s). */
  leaseMs?: number;
  /** Stop after this many batches (tests: a process that dies mid-way). */
  maxBatches?: number;
  /** The clock (default the app's). */
  now?: () => Date;
  /** Whether to go on (false: stop between two batches, leaving the lease to lapse). */
  going?: () => boolean;
}

const BATCH = 500;
const LEASE_MS = 60_000;

/** Takes one due message under a new lease (a lapsed lease is taken over): the row, or null when none is due. */
async function claim(db: Db, now: Date, leaseMs: number): Promise<Announcement | null> {
  const lease = new Date(now.getTime() + leaseMs);
  const due = or(
    and(eq(announcements.status, 'scheduled'), or(isNull(announcements.scheduledAt), sql`${announcements.scheduledAt} <= ${now.toISOString()}`)),
    eq(announcements.status, 'sending'),
  );
  const free = or(isNull(announcements.leaseUntil), lt(announcements.leaseUntil, now));
  const [next] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(isNull(announcements.deletedAt), due, free))
    .orderBy(asc(announcements.scheduledAt), asc(announcements.id))
    .limit(1);
  if (!next) return null;
  const [row] = await db
    .update(announcements)
    .set({
      status: 'sending',
      leaseUntil: lease,
      startedAt: sql`coalesce(${announcements.startedAt}, ${now.toISOString()}::timestamptz)`,
      version: sql`CASE WHEN ${announcements.status} = 'sending' THEN ${announcements.version} ELSE ${announcements.version} + 1 END`,
    })
    .where(and(eq(announcements.id, next.id), isNull(announcements.deletedAt), due, free))
    .returning();
  return row ?? null;
}

/**
 * Sends one claimed message batch by batch while the lease is ours. Answers `done` (sent), `stopped` (asked to stop,
 * or after `maxBatches`), or `lost` (another process holds it now, or it was deleted meanwhile: sending stops).
 */
async function sendClaimed(db: Db, claimed: Announcement, opts: Required<Omit<SendOptions, 'maxBatches'>> & { maxBatches?: number }) {
  let lease = claimed.leaseUntil!;
  if (claimed.cursor === 0 && claimed.sentCount === 0) {
    await db
      .update(announcements)
      .set({ totalCount: await audienceSize(db, claimed) })
      .where(and(eq(announcements.id, claimed.id), eq(announcements.leaseUntil, lease)));
  }
  for (let batches = 0; ; batches++) {
    if (!opts.going() || (opts.maxBatches !== undefined && batches >= opts.maxBatches)) return 'stopped' as const;
    const now = opts.now();
    const next = new Date(now.getTime() + opts.leaseMs);
    const outcome = await db.transaction(async (tx) => {
      const [a] = await tx
        .select()
        .from(announcements)
        .where(and(eq(announcements.id, claimed.id), eq(announcements.leaseUntil, lease), eq(announcements.status, 'sending'), isNull(announcements.deletedAt)))
        .for('update')
        .limit(1);
      if (!a) return 'lost' as const;
      const { table, kind, where } = audienceOf(a);
      const batch = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(where, gt(table.id, a.cursor)))
        .orderBy(asc(table.id))
        .limit(opts.batchSize);
      if (batch.length === 0) {
        await tx
          .update(announcements)
          .set({
            status: 'sent',
            finishedAt: now,
            leaseUntil: null,
            totalCount: sql`${announcements.sentCount}`,
            version: sql`${announcements.version} + 1`,
            updatedAt: now,
          })
          .where(eq(announcements.id, a.id));
        return 'done' as const;
      }
      const inserted = await tx
        .insert(announcementDeliveries)
        .values(batch.map((r) => ({ announcementId: a.id, recipientKind: kind, recipientId: r.id, deliveredAt: now })))
        .onConflictDoNothing()
        .returning({ id: announcementDeliveries.recipientId });
      await tx
        .update(announcements)
        .set({
          cursor: batch.at(-1)!.id,
          sentCount: sql`${announcements.sentCount} + ${inserted.length}`,
          totalCount: sql`greatest(${announcements.totalCount}, ${announcements.sentCount} + ${inserted.length})`,
          leaseUntil: next,
        })
        .where(eq(announcements.id, a.id));
      return next;
    });
    if (outcome === 'lost' || outcome === 'done') return outcome;
    lease = outcome;
  }
}

/**
 * One pass of the sender: takes due messages one after another and sends each. Answers how many it finished. Tests
 * call it with a small batch and `maxBatches` to stop a "process" mid-way, then again as the next one.
 */
export async function sendDue(deps: AppDeps, options: SendOptions = {}): Promise<number> {
  const opts = {
    batchSize: options.batchSize ?? BATCH,
    leaseMs: options.leaseMs ?? LEASE_MS,
    now: options.now ?? deps.now,
    going: options.going ?? (() => !deps.ready || deps.ready()),
    maxBatches: options.maxBatches,
  };
  let finished = 0;
  while (opts.going()) {
    const claimed = await claim(deps.db, opts.now(), opts.leaseMs);
    if (!claimed) break;
    const outcome = await sendClaimed(deps.db, claimed, opts);
    if (outcome === 'done') finished++;
    if (outcome === 'stopped') break;
  }
  return finished;
}

export interface AnnouncementSender {
  /** Look for due messages now (after a send-now). */
  wake(): void;
  /** Stops between two batches; what is left resumes at the next start. */
  stop(): Promise<void>;
}

/** The sender of an API process: a pass every `tickMs`, and at once when woken; it stops when the process stops. */
export function startAnnouncementSender(deps: AppDeps, tickMs = 1000): AnnouncementSender {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const going = () => !stopped && (!deps.ready || deps.ready());
  const pass = () => {
    timer = null;
    if (!going()) {
      stopped = true;
      return;
    }
    if (running) return;
    running = sendDue(deps, { going })
      .then(() => undefined)
      .catch((error: unknown) => {
        if (going()) deps.log(`[announcements] sending failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = null;
        schedule(tickMs);
      });
  };
  const schedule = (ms: number) => {
    if (stopped || timer) return;
    timer = setTimeout(pass, ms);
    timer.unref();
  };
  schedule(0);
  return {
    wake() {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) return;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * An app's inbox: the messages delivered to one member, shop or biker of the app, newest first; a picture as the
 * address the app loads (`origin`: the Platform API's, as the app called it).
 */
export async function inboxOf(
  db: Db,
  scope: ServiceScope,
  recipient: { kind: 'member' | 'shop' | 'biker'; id: number },
  limit: number,
  origin: string,
): Promise<InboxItem[]> {
  const rows = await db
    .select({
      id: announcements.id,
      kind: announcements.kind,
      title: announcements.title,
      body: announcements.body,
      imageUrl: announcements.imageUrl,
      target: announcements.target,
      targetShopId: announcements.targetShopId,
      targetUrl: announcements.targetUrl,
      deliveredAt: announcementDeliveries.deliveredAt,
      openedAt: announcementDeliveries.openedAt,
    })
    .from(announcementDeliveries)
    .innerJoin(announcements, eq(announcements.id, announcementDeliveries.announcementId))
    .where(
      and(
        eq(announcementDeliveries.recipientKind, recipient.kind),
        eq(announcementDeliveries.recipientId, recipient.id),
        eq(announcements.companyId, scope.companyId),
        eq(announcements.appId, scope.appId),
        isNull(announcements.deletedAt),
      ),
    )
    .orderBy(sql`${announcementDeliveries.deliveredAt} DESC`, sql`${announcements.id} DESC`)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    id: String(r.id),
    imageUrl: imageUrlOf(r.imageUrl, origin),
    deliveredAt: r.deliveredAt.toISOString(),
    openedAt: r.openedAt?.toISOString() ?? null,
  }));
}
