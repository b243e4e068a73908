import { z } from 'zod';
import { emailField, nameField, phoneField, refField, rowMetaSchema, textField } from '../fields';
import { REGISTRATION_STATES } from '../lifecycle/shops';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';
import { registrationRejectSchema } from './registration';

/**
 * Shop Management step 2: shops that registered themselves wait here (`waiting`) until staff approve them (a shop is
 * created from the registration, pending) or reject them with a reason.
 */
export const shopRegistrationContract = {
  name: 'ShopRegistration',
  path: 'Regis/Shop',
  scope: 'area',
  sort: ['name', 'createdAt'],
  defaultSort: { sort: 'createdAt', order: 'asc' },
  search: ['name', 'owner', 'email', 'phone'],
  schemas: {
    item: rowMetaSchema.extend({
      name: z.string(),
      owner: z.string(),
      email: z.string(),
      phone: z.string(),
      typeId: z.coerce.string().nullish(),
      typeName: z.string().nullish(),
      packageId: z.coerce.string().nullish(),
      note: z.string().nullish(),
      state: z.string(),
      reason: z.string().nullish(),
      shopId: z.coerce.string().nullish(),
    }),
    query: listQuerySchema(['name', 'createdAt'], { state: filter.oneOf(REGISTRATION_STATES) }),
    /** `POST /api/app/{service}/Regis/Shop`: a shop registers itself through the shop app; it waits for staff. */
    register: z.object({
      name: nameField(),
      owner: nameField(),
      email: emailField(),
      phone: phoneField(),
      typeId: refField().optional(),
      packageId: refField().optional(),
      note: textField(200).default(''),
      areaId: refField(),
    }),
    /** `POST {path}/{id}/reject`. */
    reject: registrationRejectSchema,
  },
} as const satisfies ResourceContractBase;
