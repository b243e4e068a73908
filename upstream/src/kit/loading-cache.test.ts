import { describe, expect, it } from 'vitest';
import { LoadingCache } from './loading-cache';

/** A load that counts its calls and answers when `release` is called. */
function gate<V>(value: V) {
  let calls = 0;
  let release: () => void = () => undefined;
  const load = () => {
    calls += 1;
    return new Promise<V>((resolve) => (release = () => resolve(value)));
  };
  return { load, release: () => release(), calls: () => calls };
}

describe('LoadingCache', () => {
  it('loads a key once for the calls that wait together, and keeps it for ttlMs', async () => {
    const cache = new LoadingCache<string, number>(1000);
    const g = gate(7);
    const both = Promise.all([cache.get('a', g.load, 0), cache.get('a', g.load, 0)]);
    g.release();
    expect(await both).toEqual([7, 7]);
    expect(g.calls()).toBe(1);
    expect(await cache.get('a', async () => 8, 999)).toBe(7);
    expect(await cache.get('a', async () => 8, 1000)).toBe(8);
  });

  it('keeps nothing with a ttl of 0', async () => {
    const cache = new LoadingCache<string, number>(0);
    let n = 0;
    const load = async () => ++n;
    expect([await cache.get('a', load, 0), await cache.get('a', load, 0)]).toEqual([1, 2]);
  });

  it('does not store a value whose load began before a drop', async () => {
    const cache = new LoadingCache<string, number>(1000);
    const g = gate(1);
    const pending = cache.get('a', g.load, 0);
    cache.drop('a');
    g.release();
    expect(await pending).toBe(1);
    expect(await cache.get('a', async () => 2, 0)).toBe(2);
  });

  it('drops the keys that match and keeps the others', async () => {
    const cache = new LoadingCache<string, string>(1000);
    for (const key of ['1:Delivery', '1:Marketplace', '11:Delivery']) await cache.get(key, async () => `old ${key}`, 0);
    cache.dropWhere((key) => key.startsWith('1:'));
    const now = async (key: string) => cache.get(key, async () => `new ${key}`, 0);
    expect(await Promise.all(['1:Delivery', '1:Marketplace', '11:Delivery'].map(now))).toEqual(['new 1:Delivery', 'new 1:Marketplace', 'old 11:Delivery']);
  });
});
