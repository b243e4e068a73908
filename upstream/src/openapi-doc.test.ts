import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC_FILE, buildDocument, renderApiMarkdown, typeOf } from './openapi-doc';
import { operationIdFor } from './routes/openapi';

describe('typeOf', () => {
  it('writes JSON schemas as compact types', () => {
    expect(typeOf({ $ref: '#/components/schemas/UserData' })).toBe('UserData');
    expect(typeOf({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } })).toBe('(string | null)[]');
    expect(typeOf({ type: 'object', properties: { a: { type: 'integer' }, b: { enum: ['x', 'y'] } }, required: ['a'] })).toBe('{ a: integer; b?: "x" | "y" }');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } })).toBe('Record<string, string[]>');
  });
});

describe('docs/api.md', () => {
  it('matches the OpenAPI document (regenerate with `npx tsx upstream/src/openapi-doc.ts`)', () => {
    expect(readFileSync(API_DOC_FILE, 'utf8')).toBe(renderApiMarkdown(buildDocument()));
  });
});

describe('the OpenAPI document', () => {
  const doc = buildDocument() as unknown as {
    tags?: { name: string; description?: string }[];
    paths: Record<string, Record<string, { operationId?: string; description?: string; tags?: string[] }>>;
  };
  const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ at: `${method} ${path}`, ...op })));

  it('names every operation once, describes it and tags it with a listed tag (what spectral:oas asks)', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((op) => !op.description).map((op) => op.at)).toEqual([]);
    const listed = new Set((doc.tags ?? []).map((t) => t.name));
    expect(operations.filter((op) => !op.tags?.length || op.tags.some((t) => !listed.has(t))).map((op) => op.at)).toEqual([]);
  });

  it('derives a missing operation id from the method and the path', () => {
    expect(operationIdFor('get', '/api/admin/{service}/ShopPackage/export')).toBe('getServiceShopPackageExport');
    expect(operationIdFor('post', '/api/admin/auth/login')).toBe('postAuthLogin');
    expect(operationIdFor('get', '/ws')).toBe('getWs');
  });
});
