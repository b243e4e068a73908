import type { AppDeps } from '../kit/env';
import { keepBikerRules } from './biker-rules';
import { sweepOrderDeadlines } from './order-deadlines';
import { expirePackages } from './package-expiry';

/**
 * Keeps the order deadlines every `everyMs` (0: never) in the running server. One pass at a time; a pass that fails
 * (the database away for a moment) is logged and the next one tries again. The returned stop waits for a pass under way.
 */
export function startDeadlineSweeper(deps: Pick<AppDeps, 'db' | 'now' | 'bus' | 'log'>, everyMs: number): () => Promise<void> {
  if (everyMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      const sweep = await sweepOrderDeadlines(deps.db, deps.now());
      for (const { scope, event } of sweep.publish) deps.bus.publish(scope, event);
      if (sweep.cancelled.length) deps.log(`[api] order deadlines: ${sweep.cancelled.length} order(s) cancelled`);
    } catch (error) {
      deps.log(`[api] order deadlines: pass failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Config/Biker's offers and hours online (biker-rules.ts), failing on their own.
    await keepBikerRules(deps);
    // Packages whose end has come expire (domain/package-expiry.ts).
    await expirePackages(deps);
  };
  const timer = setInterval(() => {
    running ??= pass().finally(() => {
      running = null;
    });
  }, everyMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
