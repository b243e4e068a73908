import { describe, expect, it } from 'vitest';
import { spreadPoints, type PanePoint } from './spread';

const closest = (points: readonly PanePoint[]) => {
  let best = Infinity;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) best = Math.min(best, Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y));
  return best;
};

describe('spreadPoints', () => {
  it('leaves markers that are far enough apart where they are', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 40, y: 0 },
      { x: 0, y: 40 },
    ];
    expect(spreadPoints(points, 32)).toEqual(points);
  });

  it('sets markers on one spot around it, each at least the minimum from the others', () => {
    const same = Array.from({ length: 5 }, () => ({ x: 100, y: 100 }));
    const spread = spreadPoints(same, 32);
    expect(closest(spread)).toBeGreaterThanOrEqual(32 - 1e-9);
    const cx = spread.reduce((s, p) => s + p.x, 0) / spread.length;
    const cy = spread.reduce((s, p) => s + p.y, 0) / spread.length;
    expect(cx).toBeCloseTo(100);
    expect(cy).toBeCloseTo(100);
  });

  it('groups chained neighbours, and keeps a marker apart from the group where it is', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 20, y: 0 },
      { x: 40, y: 0 },
      { x: 200, y: 200 },
    ];
    const spread = spreadPoints(points, 32);
    expect(closest(spread.slice(0, 3))).toBeGreaterThanOrEqual(32 - 1e-9);
    expect(spread[3]).toEqual({ x: 200, y: 200 });
    // Two markers on one spot end up exactly the minimum apart, one above the other.
    const pair = spreadPoints(
      [
        { x: 10, y: 10 },
        { x: 10, y: 10 },
      ],
      30,
    );
    expect(pair[0]!.x).toBeCloseTo(10);
    expect(pair[0]!.y).toBeCloseTo(-5);
    expect(pair[1]!.y).toBeCloseTo(25);
  });

  it('draws groups whose circles would touch as one, until nothing covers anything', () => {
    // Two crowds 60 px apart: each on its own circle would reach into the other.
    const crowd = (x: number) => Array.from({ length: 6 }, () => ({ x, y: 0 }));
    const points = [...crowd(0), ...crowd(60), { x: 30, y: 0 }];
    const spread = spreadPoints(points, 32);
    expect(closest(spread)).toBeGreaterThanOrEqual(32 - 1e-6);
    // A random scatter in a small box ends with no two closer than the minimum either.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 200;
    const scatter = Array.from({ length: 40 }, () => ({ x: random(), y: random() }));
    expect(closest(spreadPoints(scatter, 32))).toBeGreaterThanOrEqual(32 - 1e-6);
  });
});
