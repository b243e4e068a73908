import { ALL_STREETS, VEHICLES } from './order-data';
import { lit, num, rnd, run, textArray, ts, type Conn } from './sql-text';

/**
 * What the people screens show beyond a member's or biker's row: members' e-mail and one or two addresses, bikers'
 * vehicles and plates, and a status change with its reason for every member and biker the seed made suspended.
 */
export async function seedAccounts(tx: Conn, companyId: number, now: Date, adminId: number): Promise<void> {
  const company = num(companyId);
  await run(
    tx,
    `
    UPDATE members SET email = lower(split_part(name, ' ', 1)) || '.' || id || '@example.com'
    WHERE company_id = ${company} AND email = ''`,
  );
  await run(
    tx,
    `
    INSERT INTO member_addresses (member_id, label, address, created_at)
    SELECT m.id, CASE WHEN k = 1 THEN 'Home' ELSE 'Work' END,
      (1 + floor(${rnd('m.id * 2 + k', 301)} * 300))::int || ' ' || (${textArray(ALL_STREETS)})[1 + floor(${rnd('m.id * 2 + k', 302)} * ${ALL_STREETS.length})::int]
        || ', ' || a.name,
      m.created_at
    FROM members m JOIN areas a ON a.id = m.area_id
    CROSS JOIN generate_series(1, 2) k
    WHERE m.company_id = ${company} AND (k = 1 OR ${rnd('m.id', 303)} < 0.4)`,
  );
  await run(
    tx,
    `
    UPDATE bikers SET vehicle = (${textArray(VEHICLES)})[1 + floor(${rnd('id', 311)} * ${VEHICLES.length})::int],
      plate = chr(65 + floor(${rnd('id', 312)} * 26)::int) || chr(65 + floor(${rnd('id', 313)} * 26)::int) || '-' || lpad((id % 10000)::text, 4, '0')
    WHERE company_id = ${company} AND plate = ''`,
  );
  for (const party of ['member', 'biker'] as const) {
    const table = party === 'member' ? 'members' : 'bikers';
    await run(
      tx,
      `
      INSERT INTO account_status_changes (party, party_id, from_status, to_status, reason, changed_by, changed_at)
      SELECT ${lit(party)}, id, 'active', 'suspended', ${lit(party === 'member' ? 'Repeated cancelled orders' : 'Documents expired')}, ${num(adminId)},
        ${ts(now)} - (1 + floor(${rnd('id', 321)} * 20)) * interval '1 day'
      FROM ${table} WHERE company_id = ${company} AND status = 'suspended'`,
    );
  }
}
