import type { Hono, NotFoundHandler } from 'hono';
import { errorBody, MESSAGES } from './errors';

/** A route path of Hono (`/api/admin/:service/TypeShop/:id`, `:id{[0-9]+}`, `*`) as a whole-path pattern; ids are digits. */
export function routePattern(path: string): RegExp {
  let out = '';
  for (let i = 0; i < path.length;) {
    const param = /^:\w+(\{((?:[^{}]|\{[^{}]*\})+)\})?\??/.exec(path.slice(i));
    if (param) {
      // A row id is digits: `Orders/Images` names no order, so it is not a path `GET Orders/{id}` serves.
      out += param[2] ? `(?:${param[2]})` : /^:(id|uid|\w+Id)\??$/.test(param[0]) ? '[0-9]+' : '[^/]+';
      i += param[0].length;
    } else if (path[i] === '*') {
      out += '.*';
      i += 1;
    } else {
      out += path[i]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      i += 1;
    }
  }
  return new RegExp(`^${out}/?$`);
}

/**
 * The answer to a request no route took: on a path that some route serves with other methods, 405
 * `METHOD_NOT_ALLOWED` with `Allow` listing them; else 404 `NOT_FOUND`. The routes are read on the first miss, once
 * every route is registered.
 */
export function notFoundOrNotAllowed(app: Hono<never>): NotFoundHandler {
  let routes: { pattern: RegExp; method: string }[] | null = null;
  return (c) => {
    routes ??= app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ pattern: routePattern(r.path), method: r.method.toUpperCase() }));
    const allowed = new Set(routes.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method));
    if (allowed.size > 0 && !allowed.has(c.req.method)) {
      if (allowed.has('GET')) allowed.add('HEAD');
      return c.json(errorBody(MESSAGES.methodNotAllowed), 405, { allow: [...allowed].sort().join(', ') });
    }
    return c.json(errorBody(MESSAGES.notFound), 404);
  };
}
