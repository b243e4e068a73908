import { bikerAccountContract } from '@contract/resources/accounts';
import { BIKER_ACCOUNT_STATUSES, PRESENCES } from '@contract/resources/monitor';
import { accountStatusOptions } from './options';
import { defineScreen } from './screen';

/** Bikers (Biker group → Bikers): the list; a row opens the biker's page (`screen('bikerView', 'bikerAccount')`). */
export const bikerAccountResource = defineScreen(bikerAccountContract, {
  key: 'bikerAccount',
  approval: 'biker',
  namespace: 'bikerAccount',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'phone', label: 'fields.phone', kind: 'text', nowrap: true },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
    { field: 'vehicle', label: 'fields.vehicle', kind: 'text' },
    { field: 'plate', label: 'fields.plate', kind: 'text', nowrap: true },
    { field: 'packageName', label: 'fields.package', kind: 'text' },
    { field: 'rating', label: 'fields.rating', kind: 'text' },
    { field: 'presence', label: 'fields.presence', kind: 'status', statusKind: 'presence' },
    { field: 'status', label: 'fields.status', kind: 'status' },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: accountStatusOptions(BIKER_ACCOUNT_STATUSES) },
    {
      field: 'presence',
      label: 'fields.presence',
      kind: 'select',
      options: PRESENCES.map((value) => ({ value, label: `status.presence.${value === 'dnd' ? 'doNotDisturb' : value}` })),
    },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
});
