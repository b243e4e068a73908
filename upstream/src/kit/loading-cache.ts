interface Entry<V> {
  value: V;
  until: number;
}

/**
 * Values read on the hot path, kept for `ttlMs` per key (0: never kept). One load per key at a time, however many
 * calls wait for it. A drop bumps a generation, so a load that started before a change never stores the old value;
 * past `maxEntries` the cache starts again empty.
 */
export class LoadingCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: K, load: () => Promise<V>, nowMs: number): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.until > nowMs) return entry.value;
    if (this.ttlMs <= 0) return load();
    const startedAt = this.generation;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const value = await pending;
    if (this.generation !== startedAt) return value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: nowMs + this.ttlMs });
    return value;
  }

  /** Drops one key's value (and a load of it in flight). */
  drop(key: K): void {
    this.generation += 1;
    this.loading.delete(key);
    this.entries.delete(key);
  }

  /** Drops the values of every key that `matches`. */
  dropWhere(matches: (key: K) => boolean): void {
    this.generation += 1;
    for (const key of [...this.loading.keys()]) if (matches(key)) this.loading.delete(key);
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.entries.clear();
  }
}
