import type { ColumnDef, FieldDef, FilterDef, SectionDef } from './kit';
import { YES_NO } from './options';

/** What the Gift Voucher and Gift Reward screens share: a voucher has its worth (`value`) besides. */

export const giftColumns = (voucher: boolean): ColumnDef[] => [
  { field: 'imageUrl', label: 'fields.image', kind: 'image' },
  { field: 'title', label: 'fields.title', kind: 'text', sortable: true, link: true },
  { field: 'pointsCost', label: 'fields.pointsCost', kind: 'text', sortable: true },
  { field: 'stock', label: 'fields.stock', kind: 'text', sortable: true },
  ...(voucher ? [{ field: 'value', label: 'fields.value', kind: 'money', sortable: true } satisfies ColumnDef] : []),
  { field: 'startsOn', label: 'fields.startsOn', kind: 'text', sortable: true, nowrap: true },
  { field: 'endsOn', label: 'fields.endsOn', kind: 'text', nowrap: true },
  { field: 'active', label: 'fields.active', kind: 'bool' },
  { field: 'areaName', label: 'fields.area', kind: 'text' },
];

export const giftFilters: FilterDef[] = [
  { field: 'active', label: 'fields.active', kind: 'select', options: YES_NO },
  { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
];

export const giftSection = (voucher: boolean): SectionDef => ({
  title: 'sections.main',
  fields: [
    { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
    { name: 'title', label: 'fields.title', kind: 'text', required: true },
    { name: 'imageUrl', label: 'fields.image', kind: 'image' },
    { name: 'detail', label: 'fields.detail', kind: 'textarea' },
    { name: 'pointsCost', label: 'fields.pointsCost', kind: 'number', required: true },
    { name: 'stock', label: 'fields.stock', kind: 'number', required: true },
    ...(voucher ? [{ name: 'value', label: 'fields.value', kind: 'money', required: true } satisfies FieldDef] : []),
    { name: 'startsOn', label: 'fields.startsOn', kind: 'date' },
    { name: 'endsOn', label: 'fields.endsOn', kind: 'date' },
    { name: 'active', label: 'fields.active', kind: 'checkbox' },
  ],
});
