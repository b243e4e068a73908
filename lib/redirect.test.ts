import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect';

describe('safeRedirectTarget', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirectTarget('/Service/Delivery/Shop')).toBe('/Service/Delivery/Shop');
    expect(safeRedirectTarget('/Users/Staff/View/7?tab=2#top')).toBe('/Users/Staff/View/7?tab=2#top');
    expect(safeRedirectTarget('/')).toBe('/');
  });

  it.each([
    'https://evil.example',
    'http://evil.example/path',
    '//evil.example',
    '//evil.example/Service/Delivery',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/%09/evil.example',
    'javascript:alert(1)',
    'evil.example',
    ' /Users',
    '/Users\n/evil',
    '/Users\u0000',
    '/\tevil.example',
    '',
  ])('refuses %j', (to) => {
    expect(safeRedirectTarget(to)).toBeNull();
  });

  it('refuses non-strings and overlong values', () => {
    expect(safeRedirectTarget(undefined)).toBeNull();
    expect(safeRedirectTarget(null)).toBeNull();
    expect(safeRedirectTarget(['/Users'])).toBeNull();
    expect(safeRedirectTarget(`/${'a'.repeat(3000)}`)).toBeNull();
  });

  it('never sends the user back to sign-in, auto-login, clearcookies or the API', () => {
    expect(safeRedirectTarget('/auth/login')).toBeNull();
    expect(safeRedirectTarget('/auth/register?x=1')).toBeNull();
    expect(safeRedirectTarget('/autologinPortal?token=x')).toBeNull();
    expect(safeRedirectTarget('/clearcookies')).toBeNull();
    expect(safeRedirectTarget('/api/admin/Users/Admin')).toBeNull();
    expect(safeRedirectTarget('/Users/../auth/login')).toBeNull();
  });

  it('normalises dot segments before deciding', () => {
    expect(safeRedirectTarget('/Users/./Admin')).toBe('/Users/Admin');
    expect(safeRedirectTarget('/a/../..//evil.example')).toBeNull();
  });
});
