import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC_FILE, buildDocument, renderApiMarkdown, typeOf } from './openapi-doc';

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
