import { AREA_STATUSES, serviceAreaContract } from '@contract/resources/service-area';
import type { ResourceModule } from './kit';
import { YES_NO } from './options';
import { defineScreen } from './screen';

/** The page of a new area: the view page's map editor with nothing drawn (`View/new`). */
export const NEW_AREA_ID = 'new';

const screen = defineScreen(serviceAreaContract, {
  key: 'serviceArea',
  namespace: 'serviceArea',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'status', label: 'fields.status', kind: 'status', statusKind: 'area', sortable: true },
    { field: 'province', label: 'fields.province', kind: 'text', sortable: true },
    { field: 'amphure', label: 'fields.amphure', kind: 'text' },
    { field: 'hasBoundary', label: 'fields.hasBoundary', kind: 'bool' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date', sortable: true },
  ],
  filters: [
    {
      field: 'status',
      label: 'fields.status',
      kind: 'select',
      options: AREA_STATUSES.map((value) => ({ value, label: `status.area.${value === 'AreaReady' ? 'areaReady' : 'areaClose'}` })),
    },
    { field: 'hasBoundary', label: 'fields.hasBoundary', kind: 'select', options: YES_NO },
  ],
});

/**
 * System Settings → Service area: the kit's list of the app's areas; a row and Add open the map editor of the view
 * page (`screen('serviceAreaView', 'serviceArea')`), which draws the boundary (app/_components/service-areas).
 */
export const serviceAreaResource: ResourceModule = { ...screen, routes: { ...screen.routes, add: `${screen.routes.view}/${NEW_AREA_ID}` } };
