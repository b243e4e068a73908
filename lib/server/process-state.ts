import 'server-only';

/**
 * One instance per process for state that proxy.ts and the route handlers must share (they are bundled
 * separately, so plain module variables would exist twice).
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`delivery-back-office.${key}`);
  const existing = store[symbol];
  if (existing !== undefined) return existing;
  const created = create();
  store[symbol] = created;
  return created;
}
