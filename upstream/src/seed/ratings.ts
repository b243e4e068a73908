import { lit, num, rnd, run, textArray, ts, type Conn } from './sql-text';

/** Short comments of the demo reviews, by target and star count (index 0: one star); `''` is no comment. */
const COMMENTS: Record<'shop' | 'biker', readonly (readonly string[])[]> = {
  shop: [
    ['Wrong order delivered.', 'Never again.', 'Food was spoiled.'],
    ['Food was cold.', 'Missing an item.', 'Too salty.'],
    ['Okay.', 'Average, nothing special.', ''],
    ['Good, thanks!', 'Tasty food.', 'Nicely packed.', ''],
    ['Excellent!', 'Best in town.', 'Delicious, will order again.', ''],
  ],
  biker: [
    ['Very late and rude.', 'Never arrived at my door.', 'Spilled the drinks.'],
    ['Took too long.', 'Could not find the address.', 'Did not call.'],
    ['Okay.', 'A bit slow.', ''],
    ['Quick delivery.', 'Friendly rider.', ''],
    ['Super fast, thank you!', 'Very polite rider.', 'Careful with the food.', ''],
  ],
};
/** Why staff hid the few hidden demo reviews. */
const HIDDEN_REASONS = ['Offensive language', 'Spam', 'Personal information in the comment'] as const;

/**
 * Shares of the order's success rows that get a review of each target. Both draw the same number per order, so a member
 * who reviews the biker has reviewed the shop too, and the shop reviews always outnumber the biker reviews.
 */
const SHOP_SHARE = 0.4;
const BIKER_SHARE = 0.3;
/** The salt of the number that picks the reviewed orders, shared by both targets. */
const PICK_SALT = 7001;
/** Of the reviews, this share is hidden by the company's first admin. */
const HIDDEN_SHARE = 0.03;

/** Stars skewed toward 4 and 5 by a uniform number: 5 (45 %), 4 (30 %), 3 (13 %), 2 (7 %), 1 (5 %). */
const starsOf = (r: string) => `(CASE WHEN ${r} < 0.45 THEN 5 WHEN ${r} < 0.75 THEN 4 WHEN ${r} < 0.88 THEN 3 WHEN ${r} < 0.95 THEN 2 ELSE 1 END)::smallint`;

/** A comment for a star count: the target's comments as one array, indexed by each star count's first index and length. */
function commentOf(target: 'shop' | 'biker', stars: string, r: string): string {
  const lists = COMMENTS[target];
  const starts = lists.map((_, i) => lists.slice(0, i).reduce((s, c) => s + c.length, 0));
  const lengths = lists.map((c) => c.length);
  return `(${textArray(lists.flat())})[1 + (${textArray(starts.map(String))})[${stars}]::int + floor(${r} * (${textArray(lengths.map(String))})[${stars}]::int)::int]`;
}

/**
 * Members' reviews of the company's successful orders (deterministic): about 40 % of the shops' orders get a review
 * of the shop and, of those, three in four one of the biker too; 30 % of the parcels get one of the biker; stars mostly 4 and 5, a short comment; a few are hidden by the first admin with a reason.
 */
export async function seedRatings(tx: Conn, companyId: number, now: Date): Promise<void> {
  // A while after the order ended, never after the seed's clock.
  const after = (column: string, interval: string) => `least(${column} + interval '${interval}', ${ts(now)})`;
  const target = (name: 'shop' | 'biker', share: number, salt: number, party: 'shop_id' | 'biker_id') => `
    WITH picked AS (
      SELECT o.id, o.company_id, o.app_id, o.area_id, o.member_id, o.shop_id, o.biker_id, o.updated_at,
        ${starsOf(rnd('o.id', salt + 1))} AS stars,
        ${rnd('o.id', salt + 2)} AS r_comment,
        ${rnd('o.id', salt + 3)} AS r_hidden,
        ${rnd('o.id', salt + 4)} AS r_reason
      FROM orders o
      WHERE o.company_id = ${num(companyId)} AND o.status = 'success' AND o.${party} IS NOT NULL AND ${rnd('o.id', PICK_SALT)} < ${num(share)}
    ),
    admin AS (SELECT u.id FROM users u WHERE u.company_id = ${num(companyId)} AND u.role = 'admin' ORDER BY u.id LIMIT 1)
    INSERT INTO ratings (company_id, app_id, area_id, target, order_id, member_id, shop_id, biker_id, stars, comment,
      hidden, hidden_reason, hidden_by, hidden_at, created_at, updated_at)
    SELECT p.company_id, p.app_id, p.area_id, ${lit(name)}, p.id, p.member_id,
      ${name === 'shop' ? 'p.shop_id' : 'NULL'}, ${name === 'biker' ? 'p.biker_id' : 'NULL'}, p.stars,
      coalesce(${commentOf(name, 'p.stars', 'p.r_comment')}, ''),
      p.r_hidden < ${num(HIDDEN_SHARE)},
      CASE WHEN p.r_hidden < ${num(HIDDEN_SHARE)} THEN (${textArray(HIDDEN_REASONS)})[1 + floor(p.r_reason * ${HIDDEN_REASONS.length})::int] END,
      CASE WHEN p.r_hidden < ${num(HIDDEN_SHARE)} THEN a.id END,
      CASE WHEN p.r_hidden < ${num(HIDDEN_SHARE)} THEN ${after('p.updated_at', '1 day')} END,
      ${after('p.updated_at', '20 minutes')}, ${after('p.updated_at', '20 minutes')}
    FROM picked p LEFT JOIN admin a ON true
    ORDER BY p.id`;
  await run(tx, target('shop', SHOP_SHARE, 7101, 'shop_id'));
  await run(tx, target('biker', BIKER_SHARE, 7201, 'biker_id'));
}
