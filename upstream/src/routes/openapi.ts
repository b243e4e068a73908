import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../kit/env';

export const OPENAPI_INFO = {
  title: 'Platform API',
  version: '1.0.0',
  description:
    'The reference upstream of the back-office portal: the spec\'s auth and permission calls (section 7, literal) and the business API of ARCHITECTURE.md section 4. Every protected call takes `Authorization: Bearer <accessToken>`; the tenant headers `session`, `office`, `companies`, `userrole`, `appid`, `area`, `apptype` are optional, and one that disagrees with the token answers 403.',
};

/** Builds the OpenAPI 3.1 document of every registered route. */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  return app.getOpenAPI31Document({ openapi: '3.1.0', info: OPENAPI_INFO });
}

export function registerOpenApiRoute(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.openAPIRegistry.registerPath({
    method: 'get', path: '/api/openapi.json', tags: ['Meta'], summary: 'This document (OpenAPI 3.1)',
    responses: { 200: { description: 'The OpenAPI document' } },
  });
  let cached: ReturnType<typeof openApiDocument> | null = null;
  app.get('/api/openapi.json', (c) => {
    cached ??= openApiDocument(app);
    return c.json(cached);
  });
}
