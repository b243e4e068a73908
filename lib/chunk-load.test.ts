import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk-load';

describe('loadChunk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fails with a chunk-load error after the spec’s 120 000 ms, not before', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = vi.fn();
    loading.catch(outcome);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadError));
  });

  it('answers the module that arrives in time, and passes an earlier failure on', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'widget' }))).resolves.toEqual({ default: 'widget' });
    await expect(loadChunk(() => Promise.reject(new Error('404')))).rejects.toThrow('404');
  });
});
