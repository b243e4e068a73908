import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRevocationStore, RedisRevocationStore, type RevocationStore } from './revocation';

const stores: { name: string; create: () => RevocationStore }[] = [{ name: 'memory', create: () => new MemoryRevocationStore() }];
const redisStores: RedisRevocationStore[] = [];
if (process.env.REDIS_URL) {
  stores.push({
    name: 'redis',
    create: () => {
      const store = new RedisRevocationStore(process.env.REDIS_URL!);
      redisStores.push(store);
      return store;
    },
  });
}

afterAll(async () => {
  await Promise.all(redisStores.map((s) => s.close()));
});

const unique = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe.each(stores)('$name revocation store', ({ create }) => {
  it('refuses a revoked session and nothing else', async () => {
    const store = create();
    const sid = unique();
    expect(await store.isRevoked(sid)).toBe(false);
    await store.revoke(sid, 60_000);
    expect(await store.isRevoked(sid)).toBe(true);
    expect(await store.isRevoked(unique())).toBe(false);
  });

  it('ignores a session that has already expired', async () => {
    const store = create();
    const sid = unique();
    await store.revoke(sid, 0);
    await store.revoke(sid, -5);
    expect(await store.isRevoked(sid)).toBe(false);
  });

  it('forgets an entry once the session would have expired', async () => {
    const store = create();
    const sid = unique();
    await store.revoke(sid, 40);
    expect(await store.isRevoked(sid)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.isRevoked(sid)).toBe(false);
  });
});

describe('memory store housekeeping', () => {
  it('drops expired entries', async () => {
    let now = 1000;
    const store = new MemoryRevocationStore(() => now);
    await store.revoke('a', 10);
    await store.revoke('b', 1000);
    now = 1500;
    store.prune();
    expect(store.size).toBe(1);
    expect(await store.isRevoked('b')).toBe(true);
  });
});

// Several portal instances share revocations through Redis (only when REDIS_URL names one).
for (const url of process.env.REDIS_URL ? [process.env.REDIS_URL] : []) {
  describe('redis store across portal instances', () => {
    it('refuses on one instance a session revoked on another', async () => {
      const first = new RedisRevocationStore(url);
      const second = new RedisRevocationStore(url);
      redisStores.push(first, second);
      const sid = unique();
      await first.revoke(sid, 60_000);
      expect(await second.isRevoked(sid)).toBe(true);
    });

    it('is ready while Redis answers', async () => {
      const store = new RedisRevocationStore(url);
      redisStores.push(store);
      expect(await store.ready()).toBe(true);
    });
  });
}

describe('a Redis revocation list that cannot be read', () => {
  it('fails closed: the session is refused, not let through', async () => {
    const store = new RedisRevocationStore('redis://127.0.0.1:9/0');
    try {
      expect(await store.isRevoked('a-session-never-revoked-0123')).toBe(true);
      // …and the instance is not ready, so a load balancer sends its traffic elsewhere.
      expect(await store.ready()).toBe(false);
    } finally {
      await store.close();
    }
  }, 15_000);
});
