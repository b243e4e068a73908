import type { SeedVolume } from '../config';
import type { AppType } from '../db/schema';
import {
  APP_SHARE,
  AREA_CENTRES,
  AREA_SHARE,
  BIKER_PHONE_PREFIX,
  FIRST_NAMES,
  INACTIVE_BIKER_SHARE,
  LAST_NAMES,
  MEMBER_PHONE_PREFIX,
  NEW_MEMBER_SHARE,
  PRESENCE_CYCLE,
} from './order-data';
import { lit, num, rnd, rows, run, textArray, ts, type Conn } from './sql-text';

/** The places (app × area) of a company, in id order. */
export interface SeedPlace {
  appId: number;
  appType: AppType;
  areaId: number;
  areaName: string;
  closed: boolean;
}

export async function placesOf(db: Conn, companyId: number): Promise<SeedPlace[]> {
  const found = await rows<{ app_id: number; app_type: AppType; area_id: number; area_name: string; status: string }>(
    db,
    `
    SELECT ap.id AS app_id, ap.app_type, ar.id AS area_id, ar.name AS area_name, ar.status
    FROM areas ar JOIN apps ap ON ap.id = ar.app_id
    WHERE ar.company_id = ${num(companyId)} AND ar.deleted_at IS NULL ORDER BY ap.id, ar.id`,
  );
  return found.map((r) => ({ appId: r.app_id, appType: r.app_type, areaId: r.area_id, areaName: r.area_name, closed: r.status !== 'AreaReady' }));
}

/** The share of a place in the company's activity. */
export const placeShare = (p: SeedPlace): number => (APP_SHARE[p.appType] ?? 0) * (AREA_SHARE[p.areaName] ?? 0.01);

/** `total` split over the places by share (largest remainder), each place getting at least its minimum. */
export function spread(total: number, places: SeedPlace[], min: (p: SeedPlace) => number): number[] {
  const mins = places.map(min);
  const rest = Math.max(0, total - mins.reduce((s, m) => s + m, 0));
  const shares = places.map(placeShare);
  const sum = shares.reduce((s, w) => s + w, 0) || 1;
  const exact = shares.map((w) => (rest * w) / sum);
  const counts = exact.map(Math.floor);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  const missing = rest - counts.reduce((s, c) => s + c, 0);
  for (let k = 0; k < missing; k++) counts[order[k % order.length]![1]]! += 1;
  return counts.map((c, i) => c + mins[i]!);
}

const centreOf = (p: SeedPlace): [number, number] => AREA_CENTRES[p.areaName] ?? [13.7563, 100.5018];
const personName = (r1: string, r2: string) =>
  `(${textArray(FIRST_NAMES)})[1 + floor(${r1} * ${FIRST_NAMES.length})::int] || ' ' || (${textArray(LAST_NAMES)})[1 + floor(${r2} * ${LAST_NAMES.length})::int]`;

/**
 * Members and bikers beyond the demo ones, spread over the places: members with unique phones, most of them older
 * than the order history (the newest joined this month); bikers active or not, with a presence and a position near
 * their area's centre (the first of each open area online), online for the last few hours.
 */
export async function seedPeople(tx: Conn, companyId: number, now: Date, volume: SeedVolume, demo: { members: number; bikers: number }): Promise<void> {
  const places = await placesOf(tx, companyId);
  const memberCounts = spread(Math.max(0, volume.members - demo.members), places, (p) => (p.closed ? 1 : 2));
  const bikerCounts = spread(Math.max(0, volume.bikers - demo.bikers), places, (p) => (p.closed ? 1 : 2));
  let memberNo = 1;
  let bikerNo = 1;
  let cycle = 0;
  for (const [i, place] of places.entries()) {
    const members = memberCounts[i]!;
    const bikers = bikerCounts[i]!;
    const [lat, lng] = centreOf(place);
    const at = `${num(companyId)}, ${num(place.appId)}, ${num(place.areaId)}`;
    if (members > 0) {
      await run(
        tx,
        `
        INSERT INTO members (company_id, app_id, area_id, name, phone, status, created_at, updated_at)
        SELECT ${at}, ${personName(rnd('n', 101), rnd('n', 102))}, ${lit(MEMBER_PHONE_PREFIX)} || lpad(n::text, 7, '0'),
          CASE WHEN ${rnd('n', 103)} < 0.02 THEN 'suspended' ELSE 'active' END,
          CASE WHEN ${rnd('n', 104)} < ${num(NEW_MEMBER_SHARE)} THEN ${ts(now)} - ${rnd('n', 105)} * interval '25 days'
               ELSE ${ts(now)} - (92 + ${rnd('n', 105)} * 400) * interval '1 day' END,
          ${ts(now)}
        FROM generate_series(${num(memberNo)}, ${num(memberNo + members - 1)}) n`,
      );
    }
    if (bikers > 0) {
      const first = bikerNo;
      await run(
        tx,
        `
        INSERT INTO bikers (company_id, app_id, area_id, name, phone, status, presence, online_since, lat, lng, position_at, created_at, updated_at)
        SELECT ${at}, name, ${lit(BIKER_PHONE_PREFIX)} || lpad(n::text, 7, '0'), status,
          CASE WHEN status <> 'active' THEN 'offline' ELSE presence END,
          CASE WHEN status <> 'active' OR presence = 'offline' THEN NULL ELSE ${ts(now)} - (0.5 + ${rnd('n', 119)} * 3) * interval '1 hour' END,
          round((${num(lat)} + (${rnd('n', 113)} - 0.5) * 0.06)::numeric, 7), round((${num(lng)} + (${rnd('n', 114)} - 0.5) * 0.06)::numeric, 7),
          ${ts(now)} - CASE WHEN presence = 'offline' OR status <> 'active' THEN (1 + ${rnd('n', 115)} * 48) * interval '1 hour'
                             ELSE ${rnd('n', 115)} * interval '20 minutes' END,
          ${ts(now)} - (120 + ${rnd('n', 116)} * 500) * interval '1 day', ${ts(now)}
        FROM (
          SELECT n, ${personName(rnd('n', 111), rnd('n', 112))} AS name,
            CASE WHEN ${place.closed} THEN 'offline' WHEN n = ${num(first)} THEN 'online'
              ELSE (${textArray(PRESENCE_CYCLE)})[1 + (${num(cycle)} + n - ${num(first + 1)}) % ${PRESENCE_CYCLE.length}] END AS presence,
            CASE WHEN n <> ${num(first)} AND s < ${num(INACTIVE_BIKER_SHARE)} THEN (CASE WHEN s < ${num(INACTIVE_BIKER_SHARE / 2)} THEN 'suspended' ELSE 'pending' END)
                 ELSE 'active' END AS status
          FROM (SELECT n, ${rnd('n', 118)} AS s FROM generate_series(${num(first)}, ${num(first + bikers - 1)}) n) g
        ) b`,
      );
    }
    // The demo bikers (written without a position) are online near their area's centre.
    await run(
      tx,
      `
      UPDATE bikers SET presence = 'online', online_since = ${ts(now)} - interval '1 hour', lat = ${num(lat)} + 0.0042, lng = ${num(lng)} - 0.0031,
        position_at = ${ts(now)} - interval '2 minutes'
      WHERE company_id = ${num(companyId)} AND app_id = ${num(place.appId)} AND area_id = ${num(place.areaId)} AND lat IS NULL`,
    );
    memberNo += members;
    bikerNo += bikers;
    if (!place.closed) cycle += Math.max(0, bikers - 1);
  }
}
