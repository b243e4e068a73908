import { describe, expect, it } from 'vitest';
import { addressBucket } from './client-address';

describe('addressBucket', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped one', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one', () => {
    const a = addressBucket('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:1:2:3')).toBe(a);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(a);
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(addressBucket('2001:db8::1::2')).toBe('2001:db8::1::2');
    expect(addressBucket('Unknown')).toBe('unknown');
  });
});
