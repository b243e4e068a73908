import { describe, expect, it } from 'vitest';
import { routePattern } from './method-not-allowed';
import { nulPathOf } from './nul-guard';

describe('routePattern', () => {
  it('matches a route path with parameters, custom patterns and wildcards, and nothing longer', () => {
    const item = routePattern('/api/admin/:service/TypeShop/:id');
    expect(item.test('/api/admin/Delivery/TypeShop/7')).toBe(true);
    expect(item.test('/api/admin/Delivery/TypeShop/7/restore')).toBe(false);
    expect(item.test('/api/admin/Delivery/TypeShop')).toBe(false);
    expect(item.test('/api/admin/Delivery/TypeShop/Images')).toBe(false);
    expect(routePattern('/api/admin/:service/Chat/:peerKind/:peerId').test('/api/admin/Delivery/Chat/shop/12')).toBe(true);
    expect(routePattern('/api/x/:id{[0-9]+}').test('/api/x/12')).toBe(true);
    expect(routePattern('/api/x/:id{[0-9]+}').test('/api/x/ab')).toBe(false);
    expect(routePattern('/images/*').test('/images/a/b.png')).toBe(true);
    expect(routePattern('/api/health').test('/api/healthy')).toBe(false);
  });
});

describe('nulPathOf', () => {
  it('names the first value or key holding U+0000, and nothing for clean input', () => {
    expect(nulPathOf({ a: 'x', b: [{ c: 'y\u0000' }] })).toBe('b.0.c');
    expect(nulPathOf({ 'k\u0000': 1 })).toBe('_');
    expect(nulPathOf({ a: { 'k\u0000': 1 } })).toBe('a');
    expect(nulPathOf('\u0000')).toBe('_');
    expect(nulPathOf({ a: 'x\\u0000', n: 1, ok: true, none: null })).toBeNull();
  });
});
