import { scaleBand, scaleLinear } from '@visx/scale';

/**
 * Geometry of the dashboard charts. Horizontal positions are percentages of the plot's width (the SVG scales with
 * its box while its text keeps its size); vertical positions are pixels.
 */

export interface ValueAxis {
  /** The value at the top of the plot: a round number at least the largest value. */
  top: number;
  /** Tick values from 0 to `top`, ascending. */
  ticks: number[];
}

/** Whole-number ticks from 0 up to a round top that holds `max`: 7 → 0, 2, 4, 6, 8. An empty series still gets 0 and 1. */
export function countAxis(max: number, count = 4): ValueAxis {
  const scale = scaleLinear<number>({ domain: [0, Math.max(Math.ceil(max), 1)], nice: count });
  const ticks = scale.ticks(count).filter(Number.isInteger);
  const end = scale.domain()[1] ?? 1;
  return { top: Math.max(end, ...ticks), ticks };
}

/** Ticks of an amount in satang at whole baht: the count axis of the baht, scaled back to satang. */
export function moneyAxis(maxSatang: number, count = 4): ValueAxis {
  const baht = countAxis(Math.ceil(Math.max(maxSatang, 0) / 100), count);
  return { top: baht.top * 100, ticks: baht.ticks.map((t) => t * 100) };
}

/** A number as an SVG percentage, rounded so the markup stays short: 3.33333 → `3.333%`. */
export function pct(value: number): string {
  return `${Math.round(value * 1000) / 1000}%`;
}

export interface Band {
  /** Left edge, percent of the width. */
  x: number;
  /** Width, percent. */
  width: number;
  /** Middle, percent. */
  center: number;
}

/** `count` equal columns across the width with gaps between them. */
export function bands(count: number, padding = 0.25): Band[] {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const scale = scaleBand<number>({ domain: indexes, range: [0, 100], paddingInner: padding, paddingOuter: padding / 2 });
  const width = scale.bandwidth();
  return indexes.map((i) => {
    const x = scale(i) ?? 0;
    return { x, width, center: x + width / 2 };
  });
}

/** The pixel y of `value` on a plot `height` pixels tall whose top is `top`. */
export function yOf(value: number, top: number, height: number): number {
  const scale = scaleLinear<number>({ domain: [0, top > 0 ? top : 1], range: [height, 0], clamp: true });
  return scale(value);
}

/** `value` as a percentage of `max` (0 when `max` is 0), for bars measured against the largest one. */
export function shareOf(value: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}
