import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, tileSource } from './csp';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('content security policy', () => {
  it('lets only scripts carrying the nonce run, and never inline scripts without it', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc123==' });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(directive(contentSecurityPolicy(), 'script-src')).toBe("script-src 'self'");
  });

  it("adds 'unsafe-eval' and websockets in development only", () => {
    expect(directive(contentSecurityPolicy({ nonce: 'n', dev: true }), 'script-src')).toContain("'unsafe-eval'");
    expect(directive(contentSecurityPolicy({ nonce: 'n', dev: true }), 'connect-src')).toBe("connect-src 'self' ws: wss:");
    expect(contentSecurityPolicy({ nonce: 'n' })).not.toContain('unsafe-eval');
  });

  it('allows a plain-http tile server by origin, with {s} subdomains as *', () => {
    expect(tileSource('http://{s}.tiles.local:8080/{z}/{x}/{y}.png')).toBe(' http://*.tiles.local:8080');
    expect(tileSource('https://tile.example/{z}/{x}/{y}.png')).toBe('');
    expect(directive(contentSecurityPolicy({ tileUrl: 'http://tiles.lan/{z}.png' }), 'img-src')).toBe("img-src 'self' data: blob: https: http://tiles.lan");
  });

  it('makes a different 128-bit nonce each time', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});
