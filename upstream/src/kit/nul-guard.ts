import type { Context, MiddlewareHandler } from 'hono';
import { CODES } from '@contract/codes';
import { invalid } from './errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** U+0000: PostgreSQL's text and jsonb cannot hold it, so no value carrying one may reach a query. */
const NUL = '\u0000';
/** The escape a JSON text writes it as (any case): a body without it (nor a raw one) has no NUL in any value. */
const ESCAPED_NUL = /\\u0000/i;

/** The dotted path of the first string or key holding a NUL (`_` for the body itself), or null. */
export function nulPathOf(value: unknown, at: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? at.join('.') || '_' : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return at.join('.') || '_';
    const found = nulPathOf(item, [...at, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function queryNul(c: Context): string | null {
  if (c.req.path.includes(NUL)) return '_';
  if (!c.req.url.includes('%00') && !c.req.url.includes(NUL)) return null;
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (name.includes(NUL) || values.some((v) => v.includes(NUL))) return name.replaceAll(NUL, '') || '_';
  }
  return null;
}

/**
 * Refuses, once for every route, a request whose path, query or JSON body holds U+0000 anywhere (a value or a key,
 * a field the route knows or not): 400 `{field: ['invalidCharacter']}` before any handler runs. A body that is not
 * JSON at all is left to the route's own validation (400 MALFORMED_JSON).
 */
export const refuseNul: MiddlewareHandler = async (c, next) => {
  const inQuery = queryNul(c);
  if (inQuery !== null) throw invalid({ [inQuery]: [CODES.invalidCharacter] });
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (BODY_METHODS.has(c.req.method) && type.startsWith('application/json')) {
    const text = await c.req.text();
    if (text.includes(NUL) || ESCAPED_NUL.test(text)) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const at = body === undefined ? null : nulPathOf(body);
      if (at !== null) throw invalid({ [at]: [CODES.invalidCharacter] });
    }
  }
  await next();
};
