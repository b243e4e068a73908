import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATUSES, supportFromPortalContract, supportFromShopContract } from '@contract/resources/support';
import { badgeOptions } from '@/lib/status';
import type { ColumnDef, FilterDef, ResourceModule } from './kit';
import { defineScreen, type ScreenDecl } from './screen';

const categories = badgeOptions('supportCategory', SUPPORT_CATEGORIES);

const columns = (source: 'portal' | 'shop'): ColumnDef[] => [
  { field: 'subject', label: 'fields.subject', kind: 'text', link: true, sortable: true },
  source === 'shop' ? { field: 'shopName', label: 'fields.shopName', kind: 'text' } : { field: 'orderNo', label: 'fields.orderNo', kind: 'text', nowrap: true },
  { field: 'category', label: 'fields.category', kind: 'status', statusKind: 'supportCategory' },
  { field: 'priority', label: 'fields.priority', kind: 'status', statusKind: 'supportPriority', sortable: true },
  { field: 'status', label: 'fields.status', kind: 'status', statusKind: 'supportStatus', sortable: true },
  { field: 'assigneeName', label: 'fields.assignee', kind: 'text' },
  { field: 'lastMessageAt', label: 'fields.lastMessageAt', kind: 'date', sortable: true },
];

const filters: FilterDef[] = [
  { field: 'status', label: 'fields.status', kind: 'select', options: badgeOptions('supportStatus', SUPPORT_STATUSES) },
  { field: 'priority', label: 'fields.priority', kind: 'select', options: badgeOptions('supportPriority', SUPPORT_PRIORITIES) },
  { field: 'category', label: 'fields.category', kind: 'select', options: categories },
  { field: 'areaId', label: 'fields.areaName', kind: 'select', optionsFrom: 'areas', adminOnly: true },
];

const ui = (source: 'portal' | 'shop'): Omit<ScreenDecl, 'key'> => ({
  namespace: 'support',
  columns: columns(source),
  filters,
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  sortFields: ['lastMessageAt', 'createdAt', 'priority', 'status', 'subject'],
});

/**
 * Support → SupportFromPortal: tickets staff opened about a shop or an order; Add opens one (the kit's form), a row
 * opens the thread (`app/_components/support/`). The list follows new tickets live (the `support` channel).
 */
export const supportFromPortalResource: ResourceModule = {
  ...defineScreen(supportFromPortalContract, {
    ...ui('portal'),
    key: 'supportFromPortal',
    undeletable: true,
    sections: [
      {
        title: 'sections.ticket',
        fields: [
          { name: 'subject', label: 'fields.subject', kind: 'text', required: true },
          { name: 'category', label: 'fields.category', kind: 'select', required: true, options: categories },
          { name: 'priority', label: 'fields.priority', kind: 'select', required: true, options: badgeOptions('supportPriority', SUPPORT_PRIORITIES) },
          { name: 'orderNo', label: 'fields.orderNo', kind: 'text' },
          { name: 'shopId', label: 'fields.shopName', kind: 'select', optionsFrom: 'shops' },
        ],
      },
      {
        title: 'sections.message',
        fields: [
          { name: 'body', label: 'fields.body', kind: 'textarea', required: true },
          { name: 'attachments', label: 'fields.attachments', kind: 'images' },
        ],
      },
    ],
    defaults: { priority: 'normal' },
  }),
  titleKey: 'titlePortal',
  live: 'supportPortal',
};

/** Support → SupportFromShop: tickets shops opened through the shop app; staff answer and move them on the view page. */
export const supportFromShopResource: ResourceModule = {
  ...defineScreen(supportFromShopContract, { ...ui('shop'), key: 'supportFromShop' }),
  titleKey: 'titleShop',
  live: 'support',
};
