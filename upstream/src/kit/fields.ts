import { z } from '@hono/zod-openapi';
import { CODES, type ValidationCode } from '@contract/codes';

/**
 * The field builders and codes are the wire contract's (contract/fields.ts, contract/codes.ts): the Platform API runs
 * the same ones as the portal's forms and BFF. This module names them as the API's schemas use them.
 */
export { CODES };
export type Code = ValidationCode;
export {
  boolField,
  degreeField,
  emailField,
  enumField,
  intField,
  minutesOf,
  phoneField,
  refField,
  timeField,
  textField as text,
  idsListSchema,
  idText,
  INT_MAX,
} from '@contract/fields';
import { idText } from '@contract/fields';
export { nameField as name50 } from '@contract/fields';

/** Comma-separated ids (`?ids=1,2,3`), 1–500 of them. */
export const idsQuerySchema = z.object({
  ids: z
    .string()
    .max(6000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(idText()).min(1, CODES.required).max(500))
    .openapi({ param: { name: 'ids', in: 'query' }, example: '1,2,3' }),
});
