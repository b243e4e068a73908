import { z } from 'zod';
import { CODES, type ValidationCode } from './codes';

/**
 * Fee bands: a table of [start, end) ranges of a measure (distance or weight) with a fee each, used by the delivery
 * fee (distance) and the messenger fee (weight). The rules both sides run:
 * - each band ends after it starts (`distanceError`, the spec's 'Distance error', on its end);
 * - the bands, in order, start at 0 and each starts where the one before ends: no gap (`bandGap`) and no overlap
 *   (`bandOverlap`), on the start of the band that breaks it;
 * - no band ends past the table's limit (`distanceOverLimit` / `weightOverLimit`: 'Distance not more than' the limit).
 * A value falls in the band with start ≤ value < end; the limit itself falls in the last band.
 */
export interface BandKeys {
  start: string;
  end: string;
  /** The table's field holding the largest value served. */
  limit: string;
  overLimit: Extract<ValidationCode, 'distanceOverLimit' | 'weightOverLimit'>;
}

type Band = Record<string, unknown>;

/** A table's bands: one at least, fifty at most. */
export const bandList = <T extends z.ZodType>(band: T) => z.array(band).min(1, CODES.required).max(50, CODES.outOfRange);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The band rules as a refinement of the table (path `bands.{i}.{field}`). */
export const bandRules =
  (keys: BandKeys) =>
  (value: { bands?: unknown; [k: string]: unknown }, ctx: z.RefinementCtx): void => {
    if (!Array.isArray(value.bands)) return;
    const limit = num(value[keys.limit]);
    const bands = (value.bands as Band[]).map((b, i) => ({ i, start: num(b?.[keys.start]), end: num(b?.[keys.end]) }));
    for (const b of bands) {
      if (b.start !== null && b.end !== null && b.end <= b.start)
        ctx.addIssue({ code: 'custom', path: ['bands', b.i, keys.end], message: CODES.distanceError });
      else if (b.end !== null && limit !== null && b.end > limit)
        ctx.addIssue({ code: 'custom', path: ['bands', b.i, keys.end], message: CODES[keys.overLimit] });
    }
    // A band that ends before it starts has its own message and is left out of the joins, so each band gets one.
    const ordered = bands.filter((b) => b.start !== null && b.end !== null && b.end > b.start).sort((a, b) => a.start! - b.start! || a.i - b.i);
    let reach = 0;
    for (const b of ordered) {
      if (b.start! > reach) ctx.addIssue({ code: 'custom', path: ['bands', b.i, keys.start], message: CODES.bandGap });
      else if (b.start! < reach) ctx.addIssue({ code: 'custom', path: ['bands', b.i, keys.start], message: CODES.bandOverlap });
      reach = Math.max(reach, b.end!);
    }
  };

/** The band a value falls in (start ≤ value < end; the table's last end is included), or null past the bands. */
export function bandFor<B extends Band>(bands: readonly B[], keys: Pick<BandKeys, 'start' | 'end'>, value: number): B | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const ordered = [...bands].sort((a, b) => Number(a[keys.start]) - Number(b[keys.start]));
  const last = ordered.at(-1);
  for (const band of ordered) {
    const start = Number(band[keys.start]);
    const end = Number(band[keys.end]);
    if (value >= start && (value < end || (band === last && value === end))) return band;
  }
  return null;
}
