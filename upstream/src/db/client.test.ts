import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchPool } from './client';

describe('watchPool', () => {
  it('logs the error of a connection in use instead of letting it end the process', () => {
    const pool = new EventEmitter();
    const logged: string[] = [];
    watchPool(pool as never, (message) => logged.push(message));
    const client = new EventEmitter();
    pool.emit('connect', client);
    // An EventEmitter's 'error' with no listener throws: what ends the process when the server restarts.
    expect(() => client.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
    pool.emit('error', new Error('idle one lost'));
    expect(logged).toEqual([
      '[api] database connection lost: terminating connection due to administrator command',
      '[api] idle database connection failed: idle one lost',
    ]);
    expect(() => new EventEmitter().emit('error', new Error('unheard'))).toThrow('unheard');
  });
});
