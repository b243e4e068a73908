/**
 * Makes the next requests of this test process behave as a second portal instance without Redis: the state one
 * instance keeps in its own memory (revoked sessions, auto-login nonces seen, cached permission lists and sessions,
 * rate counters) starts empty, as it would in another process. Shared state is only what the Platform API holds.
 */
const PER_INSTANCE = ['revocation', 'autologin-nonces', 'permission-lists', 'unsealed-sessions', 'rate-store'];

export function becomeAnotherInstance(): void {
  const store = globalThis as unknown as Record<symbol, unknown>;
  for (const key of PER_INSTANCE) delete store[Symbol.for(`delivery-back-office.${key}`)];
}
