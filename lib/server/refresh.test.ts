import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROTATION_MEMORY_MS, currentToken, refreshOnce, resetRefreshState, rotatedToken } from './refresh';

beforeEach(resetRefreshState);

const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('single-flight refresh', () => {
  it('makes one refresh call for 20 concurrent callers of one session', async () => {
    const call = vi.fn((old: string) => later({ accessToken: `${old}-next`, expiresIn: 3600 }));
    const results = await Promise.all(Array.from({ length: 20 }, () => refreshOnce('sid-1', 'old', call)));
    expect(call).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((r) => r.accessToken))).toEqual(new Set(['old-next']));
  });

  it('shares a failure with every waiter and does not retry it for them', async () => {
    const call = vi.fn(() => later(null).then(() => Promise.reject(new Error('refused'))));
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => refreshOnce('sid-2', 'old', call)));
    expect(call).toHaveBeenCalledTimes(1);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
  });

  it('lets a request that still carries the old token reuse the new one for 60 s', async () => {
    const call = vi.fn(async (old: string) => ({ accessToken: `${old}-next` }));
    const now = Date.now();
    await refreshOnce('sid-3', 'old', call, now);
    expect(await refreshOnce('sid-3', 'old', call, now + 1000)).toEqual({ accessToken: 'old-next' });
    expect(call).toHaveBeenCalledTimes(1);
    expect(currentToken('old', now + 1000)).toBe('old-next');
    expect(rotatedToken('old', Date.now() + ROTATION_MEMORY_MS + 1)).toBeNull();
  });

  it('follows successive rotations to the newest token', async () => {
    await refreshOnce('sid-4', 'a', async () => ({ accessToken: 'b' }));
    await refreshOnce('sid-4', 'b', async () => ({ accessToken: 'c' }));
    expect(currentToken('a')).toBe('c');
  });

  it('keeps different sessions apart', async () => {
    const call = vi.fn(async (old: string) => later({ accessToken: `${old}-next` }));
    await Promise.all([refreshOnce('sid-5', 'x', call), refreshOnce('sid-6', 'y', call)]);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
