import { describe, expect, it } from 'vitest';
import { lockoutMessage } from './lockout';

describe('lockoutMessage', () => {
  it('rounds the wait up to whole minutes, at least one', () => {
    expect(lockoutMessage(15 * 60_000)).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(lockoutMessage(61_000)).toBe('Too many failed sign-in attempts. Try again in 2 minutes.');
    expect(lockoutMessage(10)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
  });
});
