import { createHmac } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_SIG_HEADER, clientAddressText } from '@contract/client-address';
import { clientHeaders, clientIp } from './sign-in';

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

describe('the address sent to the Platform API', () => {
  it('goes with the portal signature the Platform API checks (contract/client-address.ts), and not at all without a trusted proxy', () => {
    const request = { headers: new Headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'user-agent': 'UA' }) } as NextRequest;
    const saved = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = '1';
      const sent = clientHeaders(request, 'shared-secret', 1_800_000_000_000);
      const expected = createHmac('sha256', 'shared-secret').update(clientAddressText('203.0.113.7', 1_800_000_000)).digest('hex');
      expect(sent).toEqual({ 'user-agent': 'UA', 'x-forwarded-for': '203.0.113.7', [CLIENT_ADDRESS_SIG_HEADER]: `1800000000.${expected}` });
      delete process.env.TRUST_PROXY;
      expect(clientHeaders(request, 'shared-secret')).toEqual({ 'user-agent': 'UA' });
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });
});
