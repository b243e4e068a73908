import { bangkokDay } from '../domain/order-dates';
import { lit, num, rnd, run, ts, type Conn } from './sql-text';

/**
 * The demo promotions of each app and area, relative to the seed's Bangkok day: `from` and `to` are days from today.
 * One has ended, some are running, some are scheduled and one is switched off; the `shops` ones name the area's
 * first active shops.
 */
const PROMOTIONS = [
  { title: 'Rainy season free delivery', slug: 'rainy-season', target: 'app', from: -40, to: -10, active: true },
  { title: 'Weekend 20% off', slug: 'weekend-20', target: 'app', from: -5, to: 20, active: true },
  { title: 'Partner shops: buy one, get one', slug: 'partner-bogo', target: 'shops', from: -2, to: 12, active: true },
  { title: 'Lunch deal at our favourites', slug: 'lunch-deal', target: 'shops', from: 3, to: 17, active: true },
  { title: 'New Year festival', slug: 'new-year', target: 'app', from: 7, to: 30, active: true },
  { title: 'Night market special', slug: 'night-market', target: 'app', from: -3, to: 10, active: false },
] as const;
/** How many shops a `shops` promotion names. */
const SHOPS_PER_PROMOTION = 3;
/** Popular shops per area: 5 to 8. */
const POPULAR_MIN = 5;
const POPULAR_SPREAD = 4;

const dayFrom = (today: string, days: number): string => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The company's promotions and popular shops, per app and area (deterministic). */
export async function seedPromotions(tx: Conn, companyId: number, now: Date): Promise<void> {
  const today = bangkokDay(now);
  const templates = PROMOTIONS.map(
    (p, i) =>
      `(${num(i)}, ${lit(p.title)}, ${lit(`https://example.com/promotions/${p.slug}.jpg`)}, ${lit(`${p.title}: see the app for the details.`)}, ${lit(p.target)}, ${lit(dayFrom(today, p.from))}, ${lit(dayFrom(today, p.to))}, ${p.active})`,
  ).join(',\n      ');
  await run(
    tx,
    `WITH templates (n, title, image_url, detail, target, starts_on, ends_on, active) AS (VALUES
      ${templates}
    ),
    named AS (
      SELECT a.id AS area_id, coalesce((
        SELECT jsonb_agg(s.id ORDER BY s.id) FROM (
          SELECT s.id FROM shops s
          WHERE s.company_id = a.company_id AND s.app_id = a.app_id AND s.area_id = a.id AND s.deleted_at IS NULL AND s.status = 'active'
          ORDER BY s.id LIMIT ${num(SHOPS_PER_PROMOTION)}
        ) s), '[]'::jsonb) AS shop_ids
      FROM areas a WHERE a.company_id = ${num(companyId)} AND a.deleted_at IS NULL
    )
    INSERT INTO promotions (company_id, app_id, area_id, title, image_url, detail, target, shop_ids, starts_on, ends_on, active, created_at, updated_at)
    SELECT a.company_id, a.app_id, a.id, t.title, t.image_url, t.detail, t.target,
      CASE WHEN t.target = 'shops' THEN n.shop_ids ELSE '[]'::jsonb END, t.starts_on, t.ends_on, t.active, ${ts(now)}, ${ts(now)}
    FROM areas a JOIN named n ON n.area_id = a.id CROSS JOIN templates t
    WHERE a.company_id = ${num(companyId)} AND a.deleted_at IS NULL AND (t.target = 'app' OR jsonb_array_length(n.shop_ids) > 0)
    ORDER BY a.id, t.n`,
  );
  await run(
    tx,
    `WITH ranked AS (
      SELECT s.company_id, s.app_id, s.area_id, s.id,
        row_number() OVER (PARTITION BY s.app_id, s.area_id ORDER BY ${rnd('s.id', 8101)}, s.id) AS place
      FROM shops s WHERE s.company_id = ${num(companyId)} AND s.deleted_at IS NULL AND s.status = 'active'
    )
    INSERT INTO popular_shops (company_id, app_id, area_id, shop_id, sort_order, active, created_at, updated_at)
    SELECT r.company_id, r.app_id, r.area_id, r.id, r.place, true, ${ts(now)}, ${ts(now)}
    FROM ranked r
    WHERE r.place <= ${num(POPULAR_MIN)} + floor(${rnd('r.area_id', 8102)} * ${num(POPULAR_SPREAD)})::int
    ORDER BY r.area_id, r.place`,
  );
}
