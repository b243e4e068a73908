import { describe, expect, it } from 'vitest';
import { strictTransportSecurity } from './transport-security';

const env = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;

describe('Strict-Transport-Security', () => {
  it('is sent for a year whenever cookies are Secure (production, or COOKIE_SECURE=true), never otherwise', () => {
    expect(strictTransportSecurity(env({ NODE_ENV: 'production' }))).toBe('max-age=31536000');
    expect(strictTransportSecurity(env({ NODE_ENV: 'development', COOKIE_SECURE: 'true' }))).toBe('max-age=31536000');
    expect(strictTransportSecurity(env({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }))).toBeNull();
    expect(strictTransportSecurity(env({ NODE_ENV: 'development' }))).toBeNull();
  });
});
