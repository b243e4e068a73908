import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed';
import { startTestServer, type TestServer } from './helpers';

/** 12:30 in Bangkok: the seed's clock. */
const NOW = new Date('2026-11-22T05:30:00Z');
const COST = { N: 1024, r: 8, p: 1, keyLength: 32 };
const VOLUME = { members: 200, bikers: 30, orders: 6000, parcels: 500 };

let api: TestServer;
let days: { day: string; n: number }[];

beforeAll(async () => {
  api = await startTestServer({}, { seed: false });
  await seed(api.db.db, COST, NOW, VOLUME);
  const result = (await api.db.db.execute(
    sql.raw(`SELECT (created_at AT TIME ZONE 'Asia/Bangkok')::date::text AS day, count(*)::int AS n FROM orders GROUP BY 1 ORDER BY 1`),
  )) as unknown as { rows: { day: string; n: number }[] };
  days = result.rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('the demo history looks like real traffic', () => {
  it('has no spike on its own day or the day before: each is within the range of the days before them', async () => {
    const today = days.at(-1)!;
    const yesterday = days.at(-2)!;
    expect(today.day).toBe('2026-11-22');
    const month = median(days.slice(-31, -2).map((d) => d.n));
    // By 12:30 a day has had fewer orders than a whole day; yesterday is a whole day like the others.
    expect(today.n).toBeLessThan(month);
    expect(yesterday.n).toBeLessThan(month * 1.5);
    expect(yesterday.n).toBeGreaterThan(month * 0.5);
  });

  it('grows gently over the 90 days, with no day far above the trend', async () => {
    const older = median(days.slice(0, 30).map((d) => d.n));
    const recent = median(days.slice(-31, -1).map((d) => d.n));
    expect(recent).toBeGreaterThan(older);
    expect(recent).toBeLessThan(older * 2);
    expect(Math.max(...days.slice(0, -1).map((d) => d.n))).toBeLessThan(recent * 1.8);
  });
});
