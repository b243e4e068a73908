import { num, rnd, run, textArray, ts, type Conn } from './sql-text';

/** The demo apps' point rules: 1 point per 100 baht, 50 for signing up, 100 for the inviter and 50 for the invited member. */
export const DEMO_POINT_RULES = { pointsPer100Baht: 1, registrationPoints: 50, inviterPoints: 100, inviteePoints: 50 } as const;
/** Of the members, this share signed up with a referral (from a member of their app who signed up before them). */
const REFERRAL_SHARE = 0.08;
/** One member in this many got points from staff, with a reason. */
const GRANT_EVERY = 25;
const GRANT_REASONS = ['Apology for a late delivery', 'Birthday gift', 'Compensation for a missing item', 'Loyal member bonus'] as const;

/**
 * Members' points (deterministic, set-based): each app's rules; the registration points of every member at their
 * sign-up; a few referrals with the points of both; the points of every successful order at its success, by the
 * rule; a few grants by the first admin with a reason. Then every movement's balance after it (the running sum of
 * the member's movements in time order) and the balances, equal to the sums.
 */
export async function seedPoints(tx: Conn, companyId: number, now: Date): Promise<void> {
  const c = num(companyId);
  const r = DEMO_POINT_RULES;
  await run(
    tx,
    `INSERT INTO point_rules (company_id, app_id, points_per_100_baht, registration_points, inviter_points, invitee_points, created_at, updated_at)
     SELECT a.company_id, a.id, ${num(r.pointsPer100Baht)}, ${num(r.registrationPoints)}, ${num(r.inviterPoints)}, ${num(r.inviteePoints)}, ${ts(now)}, ${ts(now)}
     FROM apps a WHERE a.company_id = ${c} ORDER BY a.id`,
  );
  const movement = `INSERT INTO point_movements (company_id, app_id, area_id, member_id, source, amount, balance_after, idempotency_key,
    order_id, referral_id, reason, created_by, created_at)`;
  // Registration points, at sign-up.
  await run(
    tx,
    `${movement}
     SELECT m.company_id, m.app_id, m.area_id, m.id, 'FROM_REGIS', pr.registration_points, 0, 'member:' || m.id || ':regis', NULL, NULL, '', NULL, m.created_at
     FROM members m JOIN point_rules pr ON pr.app_id = m.app_id
     WHERE m.company_id = ${c} AND pr.registration_points > 0 ORDER BY m.id`,
  );
  // Referrals: the inviter is the member of the same app who signed up just before the invitee.
  await run(
    tx,
    `INSERT INTO referrals (company_id, app_id, area_id, inviter_id, invitee_id, inviter_points, invitee_points, created_at)
     SELECT s.company_id, s.app_id, s.area_id, s.inviter_id, s.id, pr.inviter_points, pr.invitee_points, s.created_at
     FROM (SELECT m.*, lag(m.id) OVER (PARTITION BY m.app_id ORDER BY m.created_at, m.id) AS inviter_id FROM members m WHERE m.company_id = ${c}) s
     JOIN point_rules pr ON pr.app_id = s.app_id
     WHERE s.inviter_id IS NOT NULL AND ${rnd('s.id', 8101)} < ${num(REFERRAL_SHARE)}
     ORDER BY s.id`,
  );
  for (const [who, member, points] of [
    ['inviter', 'inviter_id', 'inviter_points'],
    ['invitee', 'invitee_id', 'invitee_points'],
  ] as const) {
    await run(
      tx,
      `${movement}
       SELECT f.company_id, f.app_id, m.area_id, m.id, 'FROM_REF', f.${points}, 0, 'referral:' || f.id || ':${who}', NULL, f.id, '', NULL, f.created_at
       FROM referrals f JOIN members m ON m.id = f.${member}
       WHERE f.company_id = ${c} AND f.${points} > 0 ORDER BY f.id`,
    );
  }
  // Every successful order's points, when it ended.
  await run(
    tx,
    `${movement}
     SELECT o.company_id, o.app_id, m.area_id, o.member_id, 'FROM_ORDER', (o.items_total / 10000) * pr.points_per_100_baht, 0,
       'order:' || o.id || ':points', o.id, NULL, '', NULL, o.updated_at
     FROM orders o JOIN members m ON m.id = o.member_id JOIN point_rules pr ON pr.app_id = o.app_id
     WHERE o.company_id = ${c} AND o.status = 'success' AND (o.items_total / 10000) * pr.points_per_100_baht > 0
     ORDER BY o.id`,
  );
  // A few grants by the first admin, some days after sign-up (never after the seed's clock).
  await run(
    tx,
    `WITH admin AS (SELECT u.id FROM users u WHERE u.company_id = ${c} AND u.role = 'admin' ORDER BY u.id LIMIT 1)
     ${movement}
     SELECT m.company_id, m.app_id, m.area_id, m.id, 'FROM_APP', 50 * (1 + floor(${rnd('m.id', 8202)} * 10)::int), 0, 'grant:seed:' || m.id, NULL, NULL,
       (${textArray(GRANT_REASONS)})[1 + floor(${rnd('m.id', 8203)} * ${GRANT_REASONS.length})::int], a.id,
       least(m.created_at + (1 + floor(${rnd('m.id', 8204)} * 30)::int) * interval '1 day', ${ts(now)})
     FROM members m LEFT JOIN admin a ON true
     WHERE m.company_id = ${c} AND m.id % ${num(GRANT_EVERY)} = 0 ORDER BY m.id`,
  );
  await settleBalances(tx, companyId);
}

/** Each movement's balance after it and each member's balance, from the movements (the seed writes them in bulk). */
export async function settleBalances(tx: Conn, companyId: number): Promise<void> {
  const c = num(companyId);
  await run(
    tx,
    `UPDATE point_movements pm SET balance_after = s.running
     FROM (SELECT id, sum(amount) OVER (PARTITION BY member_id ORDER BY created_at, id) AS running FROM point_movements WHERE company_id = ${c}) s
     WHERE pm.id = s.id AND pm.balance_after IS DISTINCT FROM s.running`,
  );
  await run(
    tx,
    `INSERT INTO point_balances (member_id, company_id, app_id, area_id, balance, updated_at)
     SELECT m.id, m.company_id, m.app_id, m.area_id, sum(pm.amount), max(pm.created_at)
     FROM point_movements pm JOIN members m ON m.id = pm.member_id
     WHERE pm.company_id = ${c} GROUP BY m.id ORDER BY m.id
     ON CONFLICT (member_id) DO UPDATE SET balance = EXCLUDED.balance, updated_at = EXCLUDED.updated_at`,
  );
}
