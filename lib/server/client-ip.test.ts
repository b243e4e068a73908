import { describe, expect, it } from 'vitest';
import { clientIp } from './sign-in';

describe('the browser address passed to the Platform API', () => {
  const headers = (xff: string) => new Headers({ 'x-forwarded-for': xff });

  it('is not taken from a client-written X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientIp(headers('6.6.6.6'), false)).toBeNull();
    expect(clientIp(new Headers(), true)).toBeNull();
  });

  it('behind a trusted proxy is the right-most hop, the one that proxy added', () => {
    expect(clientIp(headers('6.6.6.6, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientIp(headers('2001:db8::1'), true)).toBe('2001:db8::1');
    expect(clientIp(headers('1.2.3.4, <script>'), true)).toBeNull();
  });
});
