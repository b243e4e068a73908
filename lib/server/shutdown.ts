import 'server-only';
import { processSingleton } from './process-state';

/**
 * The portal instance stopping (SIGTERM from the container runtime, SIGINT at a terminal). Next.js then stops
 * accepting connections and waits for the requests in flight; what would hold it forever (a live stream) registers
 * here and ends itself, telling the browser to reconnect (to another instance behind the same address). Readiness
 * answers 503 from the first signal on.
 */
interface ShutdownState {
  stopping: boolean;
  callbacks: Set<() => void>;
}

const state = (): ShutdownState =>
  processSingleton('shutdown', () => {
    const s: ShutdownState = { stopping: false, callbacks: new Set() };
    process.once('SIGTERM', beginShutdown);
    process.once('SIGINT', beginShutdown);
    return s;
  });

/** What the first signal does: readiness turns 503 and every registered stream ends. */
export function beginShutdown(): void {
  const s = state();
  if (s.stopping) return;
  s.stopping = true;
  for (const callback of s.callbacks) callback();
  s.callbacks.clear();
}

export const isShuttingDown = (): boolean => state().stopping;

/** Runs `callback` when the instance begins to stop; answers the function that unregisters it. */
export function onShutdown(callback: () => void): () => void {
  const s = state();
  if (s.stopping) {
    callback();
    return () => {};
  }
  s.callbacks.add(callback);
  return () => s.callbacks.delete(callback);
}
