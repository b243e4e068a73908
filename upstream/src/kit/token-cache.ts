import type { AuthContext } from './env';

interface Entry {
  auth: AuthContext;
  until: number;
}

/**
 * Verified access tokens, trusted for a short time without asking the database again. Refresh, logout and account
 * changes drop the entries they affect in this process; another instance notices within `ttlMs`.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(token: string, nowMs: number): AuthContext | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.until <= nowMs) {
      this.entries.delete(token);
      return null;
    }
    return entry.auth;
  }

  set(token: string, auth: AuthContext, nowMs: number, expMs: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(token, { auth, until: Math.min(nowMs + this.ttlMs, expMs) });
  }

  dropSession(sid: string): void {
    for (const [token, entry] of this.entries) if (entry.auth.sid === sid) this.entries.delete(token);
  }

  dropUser(uid: number): void {
    for (const [token, entry] of this.entries) if (entry.auth.uid === uid) this.entries.delete(token);
  }
}
