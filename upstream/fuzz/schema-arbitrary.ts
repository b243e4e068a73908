import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.1) the Platform API's document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/**
 * Values at the edges of what storage holds (issue 40): days off the calendar, times off the clock, integers past the
 * 32-bit columns, NUL and other control characters, overlong text. Mixed into otherwise valid requests, each must be
 * refused with a 4xx, never a 5xx.
 */
export const EDGE_VALUES: unknown[] = [
  '2026-02-31',
  '2026-13-01',
  '2026-01-01T25:61',
  2_147_483_648,
  '2147483648',
  -1,
  0,
  1.5,
  9_007_199_254_740_993,
  'a\u0000b',
  '\u0001',
  '',
  ' ',
  'x'.repeat(5000),
  null,
  true,
  [],
  {},
  '../../etc/passwd',
  "' OR 1=1 --",
];

const edge = fc.constantFrom(...EDGE_VALUES);

/** Generates values a schema describes (valid ones), with `edgeRate` of them (per value) replaced by an edge value. */
export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly edgeRate: number,
  ) {}

  private resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++) s = this.components[s.$ref.replace('#/components/schemas/', '')] ?? {};
    return s;
  }

  /** A value of the schema, or sometimes an edge value in its place. */
  of(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
    const valid = this.valid(schema ?? {}, depth);
    if (this.edgeRate <= 0) return valid;
    const weight = Math.max(1, Math.round(this.edgeRate * 100));
    return fc.oneof({ arbitrary: valid, weight: 100 - weight }, { arbitrary: edge, weight });
  }

  private valid(raw: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices?.length) return fc.oneof(...choices.map((c) => this.valid(c, depth)));
    if (schema.allOf?.length) return this.valid(Object.assign({}, ...schema.allOf.map((s) => this.resolve(s))) as JsonSchema, depth);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : 'string');
    const nullable = types.includes('null');
    const value = this.typed(type, schema, depth);
    return nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
  }

  private typed(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
        const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
        const ints = fc.integer({ min: Math.max(min, -Number.MAX_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
        // The bounds themselves are where overflows live: try them often.
        return fc.oneof({ arbitrary: ints, weight: 3 }, { arbitrary: fc.constantFrom(min, max), weight: 1 });
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        if (depth > 4) return fc.constant([]);
        return fc.array(this.of(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
      }
      case 'object': {
        if (depth > 4) return fc.constant({});
        const props = schema.properties ?? {};
        const required = schema.required ?? [];
        const model = Object.fromEntries(Object.entries(props).map(([name, s]) => [name, this.of(s, depth + 1)]));
        return fc.record(model, { requiredKeys: required.filter((k) => k in props) });
      }
      default:
        return this.string(schema);
    }
  }

  private string(schema: JsonSchema): fc.Arbitrary<string> {
    const maxLength = Math.min(schema.maxLength ?? 40, 60);
    const minLength = Math.min(schema.minLength ?? 0, maxLength);
    if (schema.pattern) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
      } catch {
        // a pattern fast-check cannot generate from: plain text below
      }
    }
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
    if (schema.format === 'date')
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    if (schema.format === 'date-time')
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }
}
