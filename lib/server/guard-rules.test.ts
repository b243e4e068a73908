import { describe, expect, it } from 'vitest';
import { isPrefetchRequest, ruleAllows } from './guard-rules';

describe('guard rules', () => {
  it('tells a prefetch from a navigation', () => {
    expect(isPrefetchRequest(new Headers({ 'next-router-prefetch': '1' }))).toBe(true);
    expect(isPrefetchRequest(new Headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true);
    expect(isPrefetchRequest(new Headers({ purpose: 'prefetch' }))).toBe(true);
    expect(isPrefetchRequest(new Headers({ rsc: '1' }))).toBe(false);
    expect(isPrefetchRequest(new Headers({ 'sec-fetch-dest': 'document' }))).toBe(false);
  });

  it('lets the spec’s roles through their rules', () => {
    expect(ruleAllows('admin', 'staff')).toBe(false);
    expect(ruleAllows('staff', 'admin')).toBe(true);
    expect(ruleAllows('public', null)).toBe(true);
  });
});
