import { describe, expect, it } from 'vitest';
import { diffOf, redact } from './audit';

describe('what the audit log keeps', () => {
  it('keeps every key and text printable: a NUL or another control character anywhere cannot make the row unwritable', () => {
    const kept = redact({ name: 'a\u0000b', 'odd\u0000key': { deep: ['x\u0001y'] }, note: 'tab\tand\nnewline', n: 7 });
    expect(kept).toEqual({ name: 'a\\u0000b', 'odd\\u0000key': { deep: ['x\\u0001y'] }, note: 'tab\tand\nnewline', n: 7 });
    expect(diffOf({ name: 'old' }, { name: 'new\u0000' })).toEqual({ name: { before: 'old', after: 'new\\u0000' } });
  });

  it('still replaces secrets, nested ones too', () => {
    expect(redact({ password: 'x', inner: { apiKey: 'y', label: 'z' } })).toEqual({ password: '[redacted]', inner: { apiKey: '[redacted]', label: 'z' } });
  });
});
