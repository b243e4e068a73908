import { afterEach, describe, expect, it, vi } from 'vitest';
import { failed, GroupCommit, succeeded, type Outcome } from './group-commit';

/** A write that records its groups and answers each item doubled, or fails as `fail` says. */
function recorder(fail: (items: number[]) => boolean = () => false) {
  const groups: number[][] = [];
  const write = async (items: number[]): Promise<Outcome<number>[]> => {
    groups.push([...items]);
    await new Promise((r) => setTimeout(r, 5));
    if (fail(items)) throw new Error(`group ${items.join(',')} failed`);
    return items.map((i) => (i < 0 ? failed(new Error(`bad ${i}`)) : succeeded(i * 2)));
  };
  return { groups, write };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GroupCommit', () => {
  it('writes the calls of one window together and answers each its own outcome', async () => {
    const { groups, write } = recorder();
    const commit = new GroupCommit(write, { maxSize: 10, maxWaitMs: 5 });
    const answers = await Promise.all([1, 2, 3].map((i) => commit.submit(i)));
    expect(answers).toEqual([2, 4, 6]);
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('rejects only the caller whose item failed', async () => {
    const { write } = recorder();
    const commit = new GroupCommit(write, { maxSize: 10, maxWaitMs: 1 });
    const answers = await Promise.allSettled([1, -1, 3].map((i) => commit.submit(i)));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('writes one group at a time, in order; the next gathers while one is in flight, never more than maxSize', async () => {
    const { groups, write } = recorder();
    const commit = new GroupCommit(write, { maxSize: 3, maxWaitMs: 0 });
    const first = commit.submit(0);
    await new Promise((r) => setImmediate(r));
    // The first group is in flight: these wait behind it.
    const rest = [1, 2, 3, 4, 5, 6, 7].map((i) => commit.submit(i));
    expect(await Promise.all([first, ...rest])).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect(groups).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
  });

  it('does not hold a lone call past maxWaitMs, and writes a full group at once', async () => {
    vi.useFakeTimers();
    const { groups, write } = recorder();
    const commit = new GroupCommit(write, { maxSize: 2, maxWaitMs: 4 });
    const lone = commit.submit(1);
    await vi.advanceTimersByTimeAsync(3);
    expect(groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(groups).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(5);
    expect(await lone).toBe(2);
    const pair = [commit.submit(2), commit.submit(3)];
    expect(groups).toEqual([[1], [2, 3]]);
    await vi.advanceTimersByTimeAsync(5);
    expect(await Promise.all(pair)).toEqual([4, 6]);
  });

  it('writes each item of a failed group again alone, in order: only a bad one fails its caller', async () => {
    // The group fails whenever it holds 13; 13 alone fails too.
    const { groups, write } = recorder((items) => items.includes(13));
    const commit = new GroupCommit(write, { maxSize: 10, maxWaitMs: 2 });
    const answers = await Promise.allSettled([11, 12, 13, 14].map((i) => commit.submit(i)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 22 },
      { status: 'fulfilled', value: 24 },
      { status: 'rejected', reason: new Error('group 13 failed') },
      { status: 'fulfilled', value: 28 },
    ]);
    expect(groups).toEqual([[11, 12, 13, 14], [11], [12], [13], [14]]);
  });

  it('takes a write that answers the wrong number of outcomes as failed', async () => {
    const groups: number[][] = [];
    const commit = new GroupCommit(
      async (items: number[]) => {
        groups.push(items);
        return items.length > 1 ? [succeeded(0)] : [succeeded(items[0]!)];
      },
      { maxSize: 10, maxWaitMs: 1 },
    );
    expect(await Promise.all([5, 6].map((i) => commit.submit(i)))).toEqual([5, 6]);
    expect(groups).toEqual([[5, 6], [5], [6]]);
  });

  it('idle() waits for the calls waiting and in flight', async () => {
    const { write } = recorder();
    const commit = new GroupCommit(write, { maxSize: 10, maxWaitMs: 2 });
    let done = 0;
    for (const i of [1, 2]) void commit.submit(i).then(() => (done += 1));
    expect(commit.size).toBe(2);
    await commit.idle();
    await Promise.resolve();
    expect(done).toBe(2);
    expect(commit.size).toBe(0);
    await commit.idle();
  });
});
