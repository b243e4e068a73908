import { describe, expect, it } from 'vitest';
import { bboxOf, centroidOf, closeRing, containsPoint, distanceKm, polygonOf, polygonProblem, polygonsOverlap, type Position } from './geo';

const square = (x: number, y: number, size: number): Position[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];
const poly = (vertices: Position[]) => polygonOf(vertices);

describe('boundary validity', () => {
  it('accepts a closed ring of three or more distinct points', () => {
    expect(polygonProblem(closeRing(square(100, 13, 0.1)))).toBeNull();
    expect(
      polygonProblem(
        closeRing([
          [100, 13],
          [100.2, 13],
          [100.1, 13.2],
        ]),
      ),
    ).toBeNull();
  });

  it('refuses an open ring, too few points, a bow tie, a fold-back and points out of range', () => {
    expect(polygonProblem(square(100, 13, 0.1))).toBe('notClosed');
    expect(
      polygonProblem([
        [100, 13],
        [100.1, 13],
        [100, 13],
      ]),
    ).toBe('tooFewPoints');
    expect(
      polygonProblem(
        closeRing([
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toBe('selfIntersecting');
    expect(
      polygonProblem(
        closeRing([
          [0, 0],
          [2, 0],
          [1, 0],
          [1, 1],
        ]),
      ),
    ).toBe('selfIntersecting');
    expect(polygonProblem(closeRing(square(179.95, 13, 0.1)))).toBe('outOfRange');
    expect(
      polygonProblem(
        closeRing([
          [0, 0],
          [1, 0],
          [2, 0],
        ]),
      ),
    ).toBe('selfIntersecting');
  });
});

describe('bbox, centroid and point in polygon', () => {
  it('computes the box and the centre of area', () => {
    const p = poly(square(100, 13, 0.2));
    expect(bboxOf(p)).toEqual({ minLat: 13, minLng: 100, maxLat: 13.2, maxLng: 100.2 });
    expect(centroidOf(p)).toEqual({ lat: 13.1, lng: 100.1 });
    // An L shape: its centre of area is not the mean of its vertices.
    const l = poly([
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ]);
    const c = centroidOf(l);
    expect(c.lng).toBeCloseTo(5 / 6, 6);
    expect(c.lat).toBeCloseTo(5 / 6, 6);
  });

  it('finds points inside, on the boundary, and outside (also in a concave notch)', () => {
    const l = poly([
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ]);
    expect(containsPoint(l, 0.5, 0.5)).toBe(true);
    expect(containsPoint(l, 0.5, 1.5)).toBe(true);
    expect(containsPoint(l, 1.5, 1.5)).toBe(false);
    expect(containsPoint(l, 2, 0.5)).toBe(true);
    expect(containsPoint(l, 3, 0.5)).toBe(false);
  });
});

describe('overlap: interiors meet, touching does not count', () => {
  const a = poly(square(0, 0, 1));
  it('identical polygons overlap', () => {
    expect(polygonsOverlap(a, poly(square(0, 0, 1)))).toBe(true);
    // The same ring the other way round.
    expect(polygonsOverlap(a, poly([...square(0, 0, 1)].reverse()))).toBe(true);
  });

  it('containment overlaps either way, also when sharing an edge', () => {
    expect(polygonsOverlap(a, poly(square(0.25, 0.25, 0.5)))).toBe(true);
    expect(polygonsOverlap(poly(square(0.25, 0.25, 0.5)), a)).toBe(true);
    expect(polygonsOverlap(a, poly(square(0, 0, 0.5)))).toBe(true);
    expect(polygonsOverlap(poly(square(-1, -1, 3)), a)).toBe(true);
  });

  it('crossing edges overlap', () => {
    expect(polygonsOverlap(a, poly(square(0.5, 0.5, 1)))).toBe(true);
    // A cross: no vertex of either inside the other.
    const wide = poly([
      [-1, 0.4],
      [2, 0.4],
      [2, 0.6],
      [-1, 0.6],
    ]);
    const tall = poly([
      [0.4, -1],
      [0.6, -1],
      [0.6, 2],
      [0.4, 2],
    ]);
    expect(polygonsOverlap(wide, tall)).toBe(true);
  });

  it('a shared edge, part of an edge, or a shared vertex is touching, not overlap', () => {
    expect(polygonsOverlap(a, poly(square(1, 0, 1)))).toBe(false);
    expect(polygonsOverlap(a, poly(square(1, 0.25, 0.5)))).toBe(false);
    expect(polygonsOverlap(a, poly(square(1, 1, 1)))).toBe(false);
    expect(
      polygonsOverlap(
        a,
        poly([
          [1, 0.5],
          [2, 0],
          [2, 1],
        ]),
      ),
    ).toBe(false);
  });

  it('a vertex poking one step inside overlaps', () => {
    expect(
      polygonsOverlap(
        a,
        poly([
          [0.999, 0.5],
          [2, 0],
          [2, 1],
        ]),
      ),
    ).toBe(true);
  });

  it('apart is no overlap', () => {
    expect(polygonsOverlap(a, poly(square(5, 5, 1)))).toBe(false);
    expect(polygonsOverlap(a, poly(square(1.0001, 0, 1)))).toBe(false);
  });
});

describe('distance', () => {
  it('is the great-circle distance in km', () => {
    const bangkok = { lat: 13.7563, lng: 100.5018 };
    const chiangMai = { lat: 18.7883, lng: 98.9853 };
    // About 583 km as the crow flies.
    expect(distanceKm(bangkok, chiangMai)).toBeGreaterThan(575);
    expect(distanceKm(bangkok, chiangMai)).toBeLessThan(590);
    expect(distanceKm(bangkok, bangkok)).toBe(0);
    // One degree of latitude is about 111.2 km anywhere.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.19, 1);
    expect(distanceKm(bangkok, chiangMai)).toBeCloseTo(distanceKm(chiangMai, bangkok), 9);
  });
});
