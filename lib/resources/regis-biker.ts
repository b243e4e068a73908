import { REGISTRATION_STATES } from '@contract/lifecycle';
import { bikerRegistrationContract } from '@contract/resources/biker-registration';
import { defineScreen } from './screen';

/** Biker Management (`Regis/Biker`): the biker app's applications with their documents, to approve or reject. */
export const regisBikerResource = defineScreen(bikerRegistrationContract, {
  key: 'regisBiker',
  namespace: 'regisBiker',
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text' },
    { field: 'phone', label: 'fields.phone', kind: 'text', nowrap: true },
    { field: 'email', label: 'fields.email', kind: 'text' },
    { field: 'vehicle', label: 'fields.vehicle', kind: 'text' },
    { field: 'plate', label: 'fields.plate', kind: 'text', nowrap: true },
    { field: 'packageName', label: 'fields.packageId', kind: 'text' },
    { field: 'documents', label: 'fields.documents', kind: 'documents' },
    { field: 'state', label: 'fields.state', kind: 'text' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [
    { field: 'state', label: 'fields.state', kind: 'select', options: REGISTRATION_STATES.map((value) => ({ value, label: `regisBiker.states.${value}` })) },
  ],
  sortFields: ['createdAt'],
});
