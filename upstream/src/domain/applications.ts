import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { INVOICE_STATES, type Invoice, type InvoiceDetail, type Subscription } from '@contract/resources/applications';
import type { Db } from '../db/client';
import { apps, areas, invoicePayments, invoices, shops, subscriptions, users, type AppType } from '../db/schema';
import { ApiError, MESSAGES } from '../kit/errors';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { settleVersioned } from '../kit/versioned';
import { bangkokDay } from './order-dates';
import type { Scope } from './scope';

/** What a company without a subscription may have. */
export const DEFAULT_LIMITS = { apps: 2, areas: 5, staff: 10, shops: 500 } as const;

export interface ApplicationInput {
  name: string;
  appType?: AppType;
  defaultLanguage: string;
  supportPhone: string;
  supportEmail: string;
}

const areaCount = sql<number>`(SELECT count(*)::int FROM ${areas} a WHERE a.app_id = "apps"."id" AND a.deleted_at IS NULL)`;

function select(db: Db) {
  return db
    .select({
      id: apps.id,
      name: apps.name,
      appType: apps.appType,
      defaultLanguage: apps.defaultLanguage,
      supportPhone: apps.supportPhone,
      supportEmail: apps.supportEmail,
      areas: areaCount,
      version: apps.version,
      createdAt: apps.createdAt,
      updatedAt: apps.updatedAt,
      byId: users.id,
      byName: users.displayName,
    })
    .from(apps)
    .leftJoin(users, eq(users.id, apps.updatedBy));
}
type Row = Awaited<ReturnType<typeof select>>[number];

const toItem = (r: Row) => ({
  id: String(r.id),
  name: r.name,
  appType: r.appType,
  defaultLanguage: r.defaultLanguage as 'en' | 'th' | 'zh' | 'my',
  supportPhone: r.supportPhone,
  supportEmail: r.supportEmail,
  areas: Number(r.areas),
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.byId === null ? null : { uid: String(r.byId), displayName: r.byName ?? '' },
});
export type ApplicationItem = ReturnType<typeof toItem>;

export async function listApplications(db: Db, scope: Scope, query: ListQuery & { appType?: AppType }): Promise<ListResult<ApplicationItem>> {
  const where = and(eq(apps.companyId, scope.companyId), query.appType ? eq(apps.appType, query.appType) : undefined, searchWhere([apps.name], query.q));
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor({ name: apps.name, createdAt: apps.createdAt }, { ...query, sort: query.sort ?? 'name' }, apps.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(apps).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getApplication(db: Db, scope: Scope, id: number): Promise<ApplicationItem | null> {
  const [row] = await select(db)
    .where(and(eq(apps.companyId, scope.companyId), eq(apps.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** The company's plan limits (its subscription's, or the defaults). */
async function limitsOf(db: Db, companyId: number) {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  return sub ? { sub, apps: sub.maxApps, areas: sub.maxAreas, staff: sub.maxStaff, shops: sub.maxShops } : { sub: null, ...DEFAULT_LIMITS };
}

/** Adds an app unless the company has as many as its plan allows ('Application limit reached'), one add at a time. */
export async function createApplication(db: Db, scope: Scope, input: ApplicationInput, now: Date): Promise<ApplicationItem> {
  const limits = await limitsOf(db, scope.companyId);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`apps:${scope.companyId}`}))`);
    const [have] = await tx.select({ n: count() }).from(apps).where(eq(apps.companyId, scope.companyId));
    if ((have?.n ?? 0) >= limits.apps) throw new ApiError(400, MESSAGES.applicationLimit, { limit: ['applicationLimit'] });
    const [row] = await tx
      .insert(apps)
      .values({
        companyId: scope.companyId,
        name: input.name,
        appType: input.appType!,
        defaultLanguage: input.defaultLanguage,
        supportPhone: input.supportPhone,
        supportEmail: input.supportEmail,
        createdAt: now,
        updatedAt: now,
        updatedBy: scope.userId,
      })
      .returning({ id: apps.id });
    return row!.id;
  });
  return (await getApplication(db, scope, id))!;
}

export async function updateApplication(db: Db, scope: Scope, id: number, version: number, input: ApplicationInput, now: Date): Promise<ApplicationItem> {
  const [row] = await db
    .update(apps)
    .set({
      name: input.name,
      defaultLanguage: input.defaultLanguage,
      supportPhone: input.supportPhone,
      supportEmail: input.supportEmail,
      version: sql`${apps.version} + 1`,
      updatedAt: now,
      updatedBy: scope.userId,
    })
    .where(and(eq(apps.companyId, scope.companyId), eq(apps.id, id), eq(apps.version, version)))
    .returning({ id: apps.id });
  await settleVersioned(row, async () => (await getApplication(db, scope, id)) !== null);
  return (await getApplication(db, scope, id))!;
}

/** My services: the plan and how much of each limit is used, counted now. */
export async function subscriptionOf(db: Db, scope: Scope): Promise<Subscription> {
  const limits = await limitsOf(db, scope.companyId);
  const c = scope.companyId;
  const [[a], [ar], [st], [sh]] = await Promise.all([
    db.select({ n: count() }).from(apps).where(eq(apps.companyId, c)),
    db
      .select({ n: count() })
      .from(areas)
      .where(and(eq(areas.companyId, c), isNull(areas.deletedAt))),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, c), eq(users.role, 'staff'), isNull(users.deletedAt))),
    db
      .select({ n: count() })
      .from(shops)
      .where(and(eq(shops.companyId, c), isNull(shops.deletedAt))),
  ]);
  return {
    plan: limits.sub?.plan ?? '',
    services: limits.sub?.services ?? [],
    monthlyFee: limits.sub?.monthlyFee ?? 0,
    renewsOn: limits.sub?.renewsOn ?? '',
    limits: {
      apps: { used: a?.n ?? 0, max: limits.apps },
      areas: { used: ar?.n ?? 0, max: limits.areas },
      staff: { used: st?.n ?? 0, max: limits.staff },
      shops: { used: sh?.n ?? 0, max: limits.shops },
    },
  };
}

const paidSum = sql<number>`coalesce((SELECT sum(p.amount) FROM ${invoicePayments} p WHERE p.invoice_id = "invoices"."id"), 0)::bigint`;

function stateOf(amount: number, paid: number, dueOn: string, today: string): Invoice['state'] {
  if (paid >= amount) return INVOICE_STATES[0];
  return dueOn < today ? 'overdue' : 'unpaid';
}

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  periodStart: invoices.periodStart,
  periodEnd: invoices.periodEnd,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  amount: invoices.amount,
  paid: paidSum,
};
type InvoiceRow = { [K in keyof typeof invoiceColumns]: unknown };
const toInvoice = (r: InvoiceRow, today: string): Invoice => ({
  id: String(r.id),
  number: String(r.number),
  periodStart: String(r.periodStart),
  periodEnd: String(r.periodEnd),
  issuedOn: String(r.issuedOn),
  dueOn: String(r.dueOn),
  amount: Number(r.amount),
  paid: Number(r.paid),
  state: stateOf(Number(r.amount), Number(r.paid), String(r.dueOn), today),
});

/** Payment: the company's invoices, the newest first, each with what was paid of it. */
export async function listInvoices(db: Db, scope: Scope, now: Date): Promise<Invoice[]> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(eq(invoices.companyId, scope.companyId))
    .orderBy(desc(invoices.issuedOn), desc(invoices.id));
  return rows.map((r) => toInvoice(r, bangkokDay(now)));
}

export async function getInvoice(db: Db, scope: Scope, id: number, now: Date): Promise<InvoiceDetail | null> {
  const [row] = await db
    .select({ ...invoiceColumns, lines: invoices.lines })
    .from(invoices)
    .where(and(eq(invoices.companyId, scope.companyId), eq(invoices.id, id)))
    .limit(1);
  if (!row) return null;
  const payments = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.paidAt));
  return {
    ...toInvoice(row, bangkokDay(now)),
    lines: row.lines,
    payments: payments.map((p) => ({ amount: p.amount, method: p.method, reference: p.reference, paidAt: p.paidAt.toISOString() })),
  };
}
