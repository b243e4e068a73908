import { z } from 'zod';

/**
 * The dashboard answers of the Platform API (`GET /api/admin/Dashboard`, `GET /api/admin/{service}/Dashboard`,
 * docs/orders.md section 4): the area's counts plus the order figures. Every order figure is optional, so an
 * upstream that only answers the counts still parses.
 */

const countSchema = z.number().int().nonnegative();
/** Money in integer satang. */
const satangSchema = z.number().int().refine(Number.isSafeInteger, 'not a safe integer');
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const dayPointSchema = z.object({ day: daySchema, orders: countSchema, amount: satangSchema });
export const statusCountSchema = z.object({ status: z.string().min(1), count: countSchema });
export const topShopSchema = z.object({
  shopId: z.union([z.string().min(1), z.number().int()]).transform(String),
  name: z.string(),
  orders: countSchema,
  amount: satangSchema,
});

export type DayPoint = z.infer<typeof dayPointSchema>;
export type StatusCount = z.infer<typeof statusCountSchema>;
export type TopShop = z.infer<typeof topShopSchema>;

/** The headline figures, in the order the cards show them; `money` figures are satang. */
export const KPI_METRICS = [
  { key: 'ordersToday', kind: 'count' },
  { key: 'ordersMonth', kind: 'count' },
  { key: 'revenueMonth', kind: 'money' },
  { key: 'commissionMonth', kind: 'money' },
  { key: 'activeShops', kind: 'count' },
  { key: 'onlineBikers', kind: 'count' },
  { key: 'newMembersMonth', kind: 'count' },
] as const;

export type KpiKey = (typeof KPI_METRICS)[number]['key'];
export type KpiKind = (typeof KPI_METRICS)[number]['kind'];

const kpiShape = Object.fromEntries(KPI_METRICS.map(({ key, kind }) => [key, (kind === 'money' ? satangSchema : countSchema).optional()])) as Record<
  KpiKey,
  z.ZodOptional<typeof countSchema>
>;

/** `data` of a dashboard answer: the order figures typed, any other field (the counts) kept as it comes. */
export const dashboardDataSchema = z
  .object({
    ...kpiShape,
    perDay: z.array(dayPointSchema).optional(),
    perStatus: z.array(statusCountSchema).optional(),
    topShops: z.array(topShopSchema).optional(),
  })
  .catchall(z.unknown());

export const dashboardAnswerSchema = z.object({ status: z.literal(true), data: dashboardDataSchema });

export type DashboardData = z.infer<typeof dashboardDataSchema>;
