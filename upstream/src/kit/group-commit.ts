/** What a group's write answers for one of its items: a value for its caller, or the error the caller gets. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export const succeeded = <O>(value: O): Outcome<O> => ({ ok: true, value });
export const failed = (error: unknown): Outcome<never> => ({ ok: false, error });

export interface GroupOptions {
  /** The most items one write takes. */
  maxSize: number;
  /**
   * How long a group stays open for more items after its first one, in ms; 0: it is written as soon as the event loop
   * turns. A full group does not wait; while a write is in flight the next group gathers behind it.
   */
  maxWaitMs: number;
}

interface Pending<I, O> {
  item: I;
  at: number;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls gathered into groups and written together, one group at a time, in the order they arrived (group commit).
 * `write` answers one outcome per item, in the items' order. When it throws for a group of several, nothing of that
 * group is taken as written: each item is written again alone, in order, so one bad item fails only its own caller;
 * when it throws for an item alone, that caller gets the error.
 */
export class GroupCommit<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private readonly drained: (() => void)[] = [];

  constructor(
    private readonly write: (items: I[]) => Promise<Outcome<O>[]>,
    private readonly options: GroupOptions,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, at: this.clock(), resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting or being written. */
  get size(): number {
    return this.queue.length + (this.writing ? 1 : 0);
  }

  /** Resolves once nothing waits and no write is in flight. */
  idle(): Promise<void> {
    if (!this.writing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private schedule(): void {
    if (this.writing || this.queue.length === 0) return;
    if (this.queue.length >= this.options.maxSize) {
      this.flush();
      return;
    }
    if (this.timer || this.immediate) return;
    const waited = this.clock() - this.queue[0]!.at;
    const left = this.options.maxWaitMs - waited;
    if (left <= 0) this.immediate = setImmediate(() => this.flush());
    else this.timer = setTimeout(() => this.flush(), left);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
    if (this.writing || this.queue.length === 0) return;
    const group = this.queue.splice(0, this.options.maxSize);
    this.writing = true;
    void this.run(group).finally(() => {
      this.writing = false;
      if (this.queue.length > 0) this.schedule();
      else for (const done of this.drained.splice(0)) done();
    });
  }

  private async run(group: Pending<I, O>[]): Promise<void> {
    let outcomes: Outcome<O>[];
    try {
      outcomes = await this.write(group.map((p) => p.item));
      if (outcomes.length !== group.length) throw new Error(`a group of ${group.length} answered ${outcomes.length} outcomes`);
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      for (const pending of group) await this.run([pending]);
      return;
    }
    group.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }
}
