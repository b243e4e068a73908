import { REGISTRATION_STATES } from '@contract/lifecycle';
import { shopRegistrationContract } from '@contract/resources/shop-registration';
import { defineScreen } from './screen';

/** The body of a rejection (`POST …/{id}/reject`): a reason, as the dialog, the BFF and the Platform API check it. */
export const regisRejectSchema = shopRegistrationContract.schemas.reject;

/** Shop Management (`Regis/Shop`): the registrations to approve or reject, a read-only list on its contract. */
export const regisShopResource = defineScreen(shopRegistrationContract, {
  key: 'regisShop',
  namespace: 'regisShop',
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
  filters: [
    { field: 'state', label: 'fields.state', kind: 'select', options: REGISTRATION_STATES.map((value) => ({ value, label: `regisShop.states.${value}` })) },
  ],
  // The list sorts by its one sortable column.
  sortFields: ['createdAt'],
});
