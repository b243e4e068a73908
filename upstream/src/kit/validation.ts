import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './env';
import { fieldErrors, invalid } from './errors';

/** Every route's validation failure: 400 `{status:false, message, errors:{field:[message]}}`. */
export const validationHook: Hook<unknown, AppEnv, string, void> = (result) => {
  if (!result.success) throw invalid(fieldErrors(result.error));
};
