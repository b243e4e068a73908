import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../kit/env';

export const OPENAPI_INFO = {
  title: 'Platform API',
  version: '1.0.0',
  contact: { name: 'Back-office platform team (see docs/SECURITY.md to report a vulnerability)' },
  description:
    "The reference upstream of the back-office portal: the spec's auth and permission calls (section 7, literal) and the business API of ARCHITECTURE.md section 4. Every protected call takes `Authorization: Bearer <accessToken>`; the tenant headers `session`, `office`, `companies`, `userrole`, `appid`, `area`, `apptype` are optional, and one that disagrees with the token answers 403.",
};

type Operation = { operationId?: string; summary?: string; description?: string; tags?: string[] };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** `get` + `/api/admin/{service}/ShopPackage/export` → `getServiceShopPackageExport`: unique as method and path are. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/(admin\/)?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method}${words.join('')}`;
}

/**
 * Builds the OpenAPI 3.1 document of every registered route. Every operation is named (`operationId`), described
 * and tagged, and every tag is listed, so another platform team can generate a client from it: a route that does not
 * say so itself gets an id from its method and path and its summary as its description.
 */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: OPENAPI_INFO, servers: [{ url: '/', description: 'This Platform API' }] });
  const tags = new Set<string>();
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      if (!op.operationId || seen.has(op.operationId)) op.operationId = operationIdFor(method, path);
      seen.add(op.operationId);
      op.description ??= op.summary ?? `${method.toUpperCase()} ${path}`;
      if (!op.tags?.length) op.tags = ['Meta'];
      for (const tag of op.tags) tags.add(tag);
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} operations.` }));
  return doc;
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: "Sign-in, sessions, password reset and auto-login: the spec's section 7, literal.",
  Meta: "The API's own description.",
};

export function registerOpenApiRoute(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/openapi.json',
    tags: ['Meta'],
    summary: 'This document (OpenAPI 3.1)',
    responses: { 200: { description: 'The OpenAPI document' } },
  });
  let cached: ReturnType<typeof openApiDocument> | null = null;
  app.get('/api/openapi.json', (c) => {
    cached ??= openApiDocument(app);
    return c.json(cached);
  });
}
