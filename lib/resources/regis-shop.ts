import { z } from 'zod';
import { REGISTRATION_STATES } from '@contract/lifecycle';
import { shopRegistrationContract } from '@contract/resources/shop-registration';
import { defineResource } from './kit';

export const REGIS_STATES = REGISTRATION_STATES;
/** The wire schemas are the contract's (contract/resources/shop-registration.ts). */
export const regisShopRowSchema = shopRegistrationContract.schemas.item;
export const regisRejectSchema = shopRegistrationContract.schemas.reject;
const noBodySchema = z.object({});

export const regisShopResource = defineResource({
  key: 'regisShop',
  namespace: 'regisShop',
  api: 'Regis/Shop',
  schemas: { row: regisShopRowSchema, detail: regisShopRowSchema, create: noBodySchema, update: noBodySchema },
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text' },
    { field: 'owner', label: 'fields.owner', kind: 'text' },
    { field: 'email', label: 'fields.email', kind: 'text' },
    { field: 'phone', label: 'fields.phone', kind: 'text' },
    { field: 'typeName', label: 'fields.typeId', kind: 'text' },
    { field: 'note', label: 'fields.note', kind: 'text' },
    { field: 'state', label: 'fields.state', kind: 'text' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'state', label: 'fields.state', kind: 'select', options: REGIS_STATES.map((value) => ({ value, label: `regisShop.states.${value}` })) }],
  sortFields: ['createdAt'],
  defaultSort: { sort: 'createdAt', order: 'asc' },
  sections: [],
  routes: { list: '/Regis/Shop' },
  defaults: {},
});
