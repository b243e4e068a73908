import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvField } from './export';
import { fieldErrors } from './errors';
import { listQuerySchema, pageWindow } from './list';
import { parseId } from './schemas';
import { TokenCache } from './token-cache';
import type { AuthContext } from './env';

describe('fieldErrors', () => {
  it('maps each zod issue to its dotted field', () => {
    const schema = z.object({ name: z.string().min(2, 'Too short'), items: z.array(z.object({ n: z.number() })) });
    const result = schema.safeParse({ name: 'a', items: [{ n: 'x' }] });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors.name).toEqual(['Too short']);
    expect(Object.keys(errors)).toEqual(['name', 'items.0.n']);
    expect(Object.keys(fieldErrors(z.string().safeParse(1).error!))).toEqual(['_']);
  });
});

describe('listQuerySchema', () => {
  const schema = listQuerySchema(['id', 'name'], { status: z.enum(['a', 'b']).optional() });

  it('fills defaults and coerces numbers from the query string', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 25, order: 'asc' });
    expect(schema.parse({ page: '3', pageSize: '10', sort: 'name', order: 'desc', status: 'b' })).toMatchObject({
      page: 3,
      pageSize: 10,
      sort: 'name',
      status: 'b',
    });
  });

  it('refuses unknown sort fields and page sizes over 100', () => {
    expect(schema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(schema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(schema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('turns a page into limit and offset', () => {
    expect(pageWindow({ page: 3, pageSize: 10, order: 'asc' })).toEqual({ limit: 10, offset: 20 });
  });
});

describe('parseId', () => {
  it('accepts positive 32-bit integers only', () => {
    expect(parseId('7')).toBe(7);
    for (const bad of ['0', '-1', '07', '1.5', 'abc', '', undefined, '2147483648']) expect(parseId(bad)).toBeNull();
  });
});

describe('TokenCache', () => {
  const auth = (uid: number, sid: string) => ({ uid, sid }) as AuthContext;

  it('keeps an entry for the ttl, never past the token expiry', () => {
    const cache = new TokenCache(1000);
    cache.set('t1', auth(1, 's1'), 0, 500);
    expect(cache.get('t1', 499)).not.toBeNull();
    expect(cache.get('t1', 500)).toBeNull();
    cache.set('t2', auth(1, 's1'), 0, 10_000);
    expect(cache.get('t2', 999)).not.toBeNull();
    expect(cache.get('t2', 1000)).toBeNull();
  });

  it('drops by session and by user, and caches nothing with ttl 0', () => {
    const cache = new TokenCache(1000);
    cache.set('a', auth(1, 's1'), 0, 10_000);
    cache.set('b', auth(1, 's2'), 0, 10_000);
    cache.set('c', auth(2, 's3'), 0, 10_000);
    cache.dropSession('s1');
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).not.toBeNull();
    cache.dropUser(1);
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
    const off = new TokenCache(0);
    off.set('a', auth(1, 's1'), 0, 10_000);
    expect(off.get('a', 1)).toBeNull();
  });
});

describe('CSV fields', () => {
  it('defuses every text that a spreadsheet would run as a formula, numbers included in text', () => {
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+66 81')).toBe("'+66 81");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
    // Behind leading separators or white space (a `;` spreadsheet splits the field there): defused and quoted whole.
    expect(csvField(';=1+1')).toBe(`"';=1+1"`);
    expect(csvField(',=1+1')).toBe(`"',=1+1"`);
    expect(csvField(' ;  @SUM(A1)')).toBe(`"' ;  @SUM(A1)"`);
    expect(csvField('  -2+3')).toBe("'  -2+3");
    // A semicolon elsewhere is quoted, so a `;` spreadsheet keeps the text in one cell.
    expect(csvField('a;=1+1')).toBe('"a;=1+1"');
    expect(csvField('Somtam; spicy')).toBe('"Somtam; spicy"');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('Pad Thai, large')).toBe('"Pad Thai, large"');
  });

  it('writes the numbers the exporter gives as numbers plainly', () => {
    expect(csvField(-150)).toBe('-150');
    expect(csvField(12050)).toBe('12050');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
  });
});
