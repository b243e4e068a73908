import { rows, type Conn } from './sql-text';

/**
 * Set-based checks of members' points: every balance equals the sum of the member's movements and is not below
 * zero; every movement's balance after it is the running sum of the member's movements up to it; the daily counts
 * and sums equal a GROUP BY of the movements by their company's days. Each check answers a few offending rows; none means consistent.
 */
const CHECKS: { name: string; query: string }[] = [
  {
    name: 'points balance differs from the sum of the movements',
    query: `SELECT coalesce(b.member_id, s.member_id) AS member_id, b.balance, s.sum FROM point_balances b
      FULL JOIN (SELECT member_id, sum(amount) AS sum FROM point_movements GROUP BY member_id) s ON s.member_id = b.member_id
      WHERE b.balance IS DISTINCT FROM s.sum`,
  },
  { name: 'points balance below zero', query: `SELECT member_id, balance FROM point_balances WHERE balance < 0` },
  {
    name: 'a movement keeps another balance after it than the running sum',
    query: `SELECT id, balance_after, running FROM (
        SELECT id, balance_after, sum(amount) OVER (PARTITION BY member_id ORDER BY created_at, id) AS running FROM point_movements) s
      WHERE balance_after <> running OR running < 0`,
  },
  {
    name: 'point_movements_daily differs from the movements',
    query: `WITH actual AS (
        SELECT m.app_id, m.area_id, (m.created_at AT TIME ZONE c.time_zone)::date AS day, m.source, count(*)::int8 AS n, sum(m.amount)::int8 AS points
        FROM point_movements m JOIN companies c ON c.id = m.company_id GROUP BY 1, 2, 3, 4),
      kept AS (SELECT * FROM point_movements_daily WHERE n <> 0)
      SELECT coalesce(a.day, k.day)::text AS day, coalesce(a.source, k.source) AS source, a.n AS counted, k.n AS kept
      FROM actual a FULL JOIN kept k USING (app_id, area_id, day, source)
      WHERE a.n IS DISTINCT FROM k.n OR a.points IS DISTINCT FROM k.points`,
  },
];

export async function verifyPoints(db: Conn): Promise<string[]> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const found = await rows<Record<string, unknown>>(db, `${check.query} LIMIT 5`);
    for (const row of found) problems.push(`${check.name}: ${JSON.stringify(row)}`);
  }
  return problems;
}
