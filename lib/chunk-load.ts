/** The spec's chunk-load timeout: a lazy chunk that has not arrived after 120 s fails with a chunk-load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(ms: number) {
    super(`Loading chunk failed: no answer after ${ms} ms`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * A lazy import with the spec's timeout: the module when it arrives in time, else a `ChunkLoadError` (shown by the
 * nearest error boundary, whose "Try again" loads it afresh). A chunk that fails sooner fails as it is.
 */
export function loadChunk<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(ms)), ms);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
