import { describe, expect, it } from 'vitest';
import { authLimits, MemoryRateStore, overLimit, RedisRateStore } from './rate-limit';

describe('rate limits of the auth calls', () => {
  it('count per account, per address (behind a trusted proxy) and for the whole portal, in fixed windows', async () => {
    const store = new MemoryRateStore();
    const limits = authLimits('ForgotPassword', 'Staff.BKK ', '203.0.113.7');
    expect(limits.map((l) => l.key)).toEqual(['ForgotPassword:all', 'ForgotPassword:ip:203.0.113.7', 'ForgotPassword:acct:staff.bkk']);
    const now = 1_800_000_000_000;
    for (let i = 0; i < 20; i++) expect(await overLimit(limits, store, now)).toBe(false);
    expect(await overLimit(limits, store, now)).toBe(true);
    // Another account from another address is not held back by the first one's count.
    expect(await overLimit(authLimits('ForgotPassword', 'staff.cnx', '198.51.100.1'), store, now)).toBe(false);
    // A new window starts afresh.
    expect(await overLimit(limits, store, now + 15 * 60_000 + 1)).toBe(false);
  });

  it('sign-in counts per address and for the portal only (the Platform API locks the account)', () => {
    expect(authLimits('login', null, null).map((l) => l.key)).toEqual(['login:all']);
  });

  // Across portal instances through Redis when one is configured (REDIS_URL); else two instances of the same kind of
  // store each keep their own count, which is what a portal without Redis does.
  it('share one count across portal instances through Redis when REDIS_URL names one', async () => {
    const url = process.env.REDIS_URL;
    if (!url) {
      const [a, b] = [new MemoryRateStore(), new MemoryRateStore()];
      expect([await a.hit('k', 60_000), await b.hit('k', 60_000)]).toEqual([1, 1]);
      return;
    }
    const a = new RedisRateStore(url);
    const b = new RedisRateStore(url);
    const key = `test:${Date.now()}:${Math.random()}`;
    try {
      expect(await a.hit(key, 60_000)).toBe(1);
      expect(await b.hit(key, 60_000)).toBe(2);
      expect(await a.hit(key, 60_000)).toBe(3);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('with a Redis that cannot be reached, still counts on this instance', async () => {
    const store = new RedisRateStore('redis://127.0.0.1:9/0');
    try {
      expect(await store.hit('k', 60_000)).toBe(1);
      expect(await store.hit('k', 60_000)).toBe(2);
    } finally {
      await store.close();
    }
  }, 20_000);
});
