import { z } from '@hono/zod-openapi';

/** Schemas shared by every route's OpenAPI description. */
export const errorSchema = z
  .object({
    status: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('Error');

export const okSchema = z.object({ status: z.literal(true) }).openapi('Ok');

/** Ids travel as strings; a value that is not a positive integer simply finds nothing (404). */
export const idParamSchema = z.object({
  id: z
    .string()
    .max(20)
    .openapi({ param: { name: 'id', in: 'path' }, example: '7' }),
});

export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export const idString = (id: number | null | undefined): string => (id === null || id === undefined ? '' : String(id));

const error = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

export const errorResponses = {
  400: error('Invalid input: `errors` maps each field to its messages'),
  401: error('Missing, expired or ended session'),
  403: error('Not allowed, or a tenant header disagrees with the token'),
  404: error("Not found in the caller's scope"),
} as const;

export const conflictResponse = { 409: error('The `version` sent is stale') } as const;
export const inUseResponse = { 409: error('`IN_USE`: other rows still point at it (users at an office); nothing was deleted') } as const;
export const tooManyResponse = { 429: error('Too many failed sign-in attempts') } as const;
export const throttledResponse = { 429: error('Too many requests in the window: try again later') } as const;

export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const bearerSecurity = [{ bearer: [] as string[] }];
