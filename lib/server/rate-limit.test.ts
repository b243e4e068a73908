import { describe, expect, it } from 'vitest';
import { authLimits, MemoryRateStore, overLimit, RedisRateStore } from './rate-limit';

describe('rate limits of the auth calls', () => {
  const now = 1_800_000_000_000;

  it('count per address, per account from that address, then per account, in fixed windows', async () => {
    const store = new MemoryRateStore();
    const limits = authLimits('ForgotPassword', 'Staff.BKK ', '203.0.113.7');
    expect(limits.map((l) => [l.key, l.max])).toEqual([
      ['ForgotPassword:ip:203.0.113.7', 10],
      ['ForgotPassword:acct:staff.bkk@203.0.113.7', 5],
      ['ForgotPassword:acct:staff.bkk', 20],
    ]);
    for (let i = 0; i < 5; i++) expect(await overLimit(limits, store, now)).toBe(false);
    expect(await overLimit(limits, store, now)).toBe(true);
    // The same account from another address is not held back by the first address's count.
    expect(await overLimit(authLimits('ForgotPassword', 'staff.bkk', '198.51.100.1'), store, now)).toBe(false);
    // A new window starts afresh.
    expect(await overLimit(limits, store, now + 15 * 60_000 + 1)).toBe(false);
  });

  it("one address never reaches an account's shared count: refused attempts are not counted further", async () => {
    const store = new MemoryRateStore();
    for (let i = 0; i < 500; i++) await overLimit(authLimits('ForgotPassword', 'admin', '203.0.113.66'), store, now);
    expect(await overLimit(authLimits('ForgotPassword', 'admin', '198.51.100.2'), store, now)).toBe(false);
    // Four addresses at their pair limit fill the account's count: then every address waits.
    for (const a of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) for (let i = 0; i < 5; i++) await overLimit(authLimits('ForgotPassword', 'admin', a), store, now);
    expect(await overLimit(authLimits('ForgotPassword', 'admin', '198.51.100.3'), store, now)).toBe(true);
  });

  it("sign-in counts per address only, with no portal-wide counter: 600 failures from one address leave another's sign-in open", async () => {
    const store = new MemoryRateStore();
    expect(authLimits('login', null, null)).toEqual([]);
    let refused = 0;
    for (let i = 0; i < 600; i++) if (await overLimit(authLimits('login', null, '203.0.113.66'), store, now)) refused += 1;
    expect(refused).toBe(600 - 30);
    expect(await overLimit(authLimits('login', null, '198.51.100.7'), store, now)).toBe(false);
    // An IPv6 attacker changing addresses within its /64 stays one address.
    for (let i = 0; i < 30; i++) await overLimit(authLimits('login', null, `2001:db8:0:1::${i.toString(16)}`), store, now);
    expect(await overLimit(authLimits('login', null, '2001:db8:0:1::ffff'), store, now)).toBe(true);
    expect(await overLimit(authLimits('login', null, '2001:db8:0:2::1'), store, now)).toBe(false);
  });

  it('a forgiven hit (a sign-in that succeeded) leaves room for the next one', async () => {
    const store = new MemoryRateStore();
    const [limit] = authLimits('login', null, '203.0.113.9');
    for (let i = 0; i < 100; i++) {
      expect(await overLimit([limit!], store, now)).toBe(false);
      await store.forgive(limit!.key, limit!.windowMs, now);
    }
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
