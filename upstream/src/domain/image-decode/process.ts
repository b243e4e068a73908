import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ImageExt } from '@contract/images';
import { ApiError, MESSAGES } from '../../kit/errors';
import { decodeImage, type DecodeAnswer } from './decode';

export interface DecodeRequest {
  id: number;
  bytes: Uint8Array;
  ext: ImageExt;
}
export interface DecodeReply {
  id: number;
  answer: DecodeAnswer;
}

/** How much lower than the API the decode process runs (nice): the API's own requests get the cores first. */
const DECODE_NICENESS = 10;
const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));

let child: ChildProcess | null = null;
let nextId = 1;
const waiting = new Map<number, (reply: DecodeAnswer | Error) => void>();

function decodeProcess(): ChildProcess {
  if (child && child.connected) return child;
  const started = fork(CHILD, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    if (started.pid) setPriority(started.pid, DECODE_NICENESS);
  } catch {
    // A system that refuses the change keeps the decodes at the API's priority; they still run outside its thread.
  }
  started.on('message', (reply: DecodeReply) => {
    const settle = waiting.get(reply.id);
    waiting.delete(reply.id);
    settle?.(reply.answer);
  });
  started.on('exit', () => {
    if (child === started) child = null;
    for (const [id, settle] of waiting) {
      waiting.delete(id);
      settle(new ApiError(503, MESSAGES.busy, undefined, undefined, { 'retry-after': '2' }));
    }
  });
  // The API may end while the process idles: it does not hold the API open, and it ends with the channel.
  started.unref();
  started.channel?.unref();
  child = started;
  return started;
}

/** The decode process's id while it runs (null before the first decode, or with `IMAGE_DECODE_INLINE=1`). */
export const decodeProcessId = (): number | null => (child?.connected ? (child.pid ?? null) : null);

/**
 * Decodes an upload in the decode process, a child of the API at a lower scheduling priority, so a decode takes only
 * what the API's own requests leave of the machine; `IMAGE_DECODE_INLINE=1` decodes in the API's process instead.
 */
export function decodeOutside(bytes: Buffer, ext: ImageExt): Promise<DecodeAnswer> {
  if (process.env.IMAGE_DECODE_INLINE === '1') return decodeImage(bytes, ext);
  const proc = decodeProcess();
  const id = nextId++;
  return new Promise<DecodeAnswer>((resolve, reject) => {
    waiting.set(id, (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
    proc.channel?.ref();
    proc.send({ id, bytes, ext } satisfies DecodeRequest, (error) => {
      if (error) {
        waiting.delete(id);
        reject(new ApiError(503, MESSAGES.busy, undefined, undefined, { 'retry-after': '2' }));
      }
    });
  }).finally(() => {
    if (waiting.size === 0) proc.channel?.unref();
  });
}
