import { ApiError, MESSAGES } from './errors';

/**
 * A small bounded queue for heavy work (image decodes): at most `concurrency` tasks run at once, at most `waiting`
 * more wait their turn in order, and one more is refused at once with 503 and `Retry-After` (the caller tries again),
 * so a burst of heavy uploads queues behind one another instead of taking every core from the other requests.
 */
export class WorkQueue {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly waiting: number,
    readonly retryAfterSeconds = 2,
  ) {}

  /** Tasks running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.waiting) {
        throw new ApiError(503, MESSAGES.busy, undefined, undefined, { 'retry-after': String(this.retryAfterSeconds) });
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running++;
    try {
      return await task();
    } finally {
      // The turn passes straight to the next waiting task (the running count stays), or is given back.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
