import { USER_STATUSES, adminUserContract, staffContract } from '@contract/resources/users';
import type { FieldDef, Option } from './kit';
import { defineScreen } from './screen';

const statusOptions: Option[] = USER_STATUSES.map((value) => ({ value, label: `status.account.${value}` }));

/** The fields both lists' forms share: who the person is and how to reach them. */
const personFields: FieldDef[] = [
  { name: 'username', label: 'fields.username', kind: 'text', required: true, hint: 'moreThan4', availability: 'username', createOnly: true },
  { name: 'password', label: 'fields.password', kind: 'password', required: true, createOnly: true },
  { name: 'displayName', label: 'fields.displayName', kind: 'text', required: true },
  { name: 'email', label: 'fields.email', kind: 'email', required: true, hint: 'emailInvalid', availability: 'email' },
  { name: 'phone', label: 'fields.phone', kind: 'tel', hint: 'phoneInvalid', availability: 'phone' },
  { name: 'status', label: 'fields.status', kind: 'select', required: true, options: statusOptions },
];

const personColumns = [
  { field: 'username', label: 'fields.username', kind: 'text', sortable: true, link: true, nowrap: true },
  { field: 'displayName', label: 'fields.displayName', kind: 'text', sortable: true },
  { field: 'email', label: 'fields.email', kind: 'text', sortable: true },
  { field: 'phone', label: 'fields.phone', kind: 'text', nowrap: true },
] as const;

const personDefaults = { username: '', password: '', displayName: '', email: '', phone: '', status: 'active' };

/** Users → Area Staff: each staff member's area (which names the app), and on the view page their permission matrix. */
export const staffResource = defineScreen(staffContract, {
  key: 'staff',
  namespace: 'staff',
  labelField: 'displayName',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    ...personColumns,
    { field: 'AppType', label: 'fields.app', kind: 'text' },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
    { field: 'status', label: 'fields.status', kind: 'status', sortable: true },
    { field: 'lastSignInAt', label: 'fields.lastSignInAt', kind: 'date', sortable: true },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: statusOptions },
    { field: 'area', label: 'fields.area', kind: 'select', optionsFrom: 'placements' },
  ],
  sections: [
    { title: 'sections.main', fields: personFields },
    { title: 'sections.placement', fields: [{ name: 'area', label: 'fields.area', kind: 'select', required: true, optionsFrom: 'placements' }] },
  ],
  defaults: { ...personDefaults, area: '' },
  viewPanels: ['resetPassword', 'permissionMatrix'],
});

/** Users → Admin: the company's administrators; only a root administrator adds or changes one. */
export const adminUserResource = defineScreen(adminUserContract, {
  key: 'adminUser',
  namespace: 'adminUser',
  labelField: 'displayName',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    ...personColumns,
    { field: 'root', label: 'fields.root', kind: 'bool' },
    { field: 'status', label: 'fields.status', kind: 'status', sortable: true },
    { field: 'lastSignInAt', label: 'fields.lastSignInAt', kind: 'date', sortable: true },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: statusOptions },
    { field: 'root', label: 'fields.root', kind: 'boolean' },
  ],
  sections: [{ title: 'sections.main', fields: [...personFields, { name: 'root', label: 'fields.root', kind: 'checkbox' }] }],
  defaults: { ...personDefaults, root: false },
  rootOnly: true,
  viewPanels: ['resetPassword'],
});
