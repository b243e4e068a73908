import { shopPackageContract } from '@contract/resources/shop-package';
import { OPEN_CLOSE } from './options';
import { defineScreen } from './screen';

/** Shop Management step 1: the UI of the shop packages on their contract. */
export const shopPackageResource = defineScreen(shopPackageContract, {
  key: 'shopPackage',
  namespace: 'shopPackage',
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'price', label: 'fields.price', kind: 'money', sortable: true },
    { field: 'duration', label: 'fields.duration', kind: 'text', sortable: true },
    { field: 'Limit_post', label: 'fields.Limit_post', kind: 'text' },
    { field: 'Limit_product', label: 'fields.Limit_product', kind: 'text' },
    { field: 'status', label: 'fields.status', kind: 'status' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'status', label: 'fields.status', kind: 'select', options: OPEN_CLOSE }],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'price', label: 'fields.price', kind: 'money', required: true },
        { name: 'duration', label: 'fields.duration', kind: 'number', required: true },
        { name: 'Limit_post', label: 'fields.Limit_post', kind: 'number', required: true },
        { name: 'Limit_product', label: 'fields.Limit_product', kind: 'number', required: true },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: OPEN_CLOSE },
      ],
    },
  ],
  defaults: { name: '', price: 0, duration: 30, Limit_post: 0, Limit_product: 0, status: 'active' },
  defaultSort: { sort: 'createdAt', order: 'desc' },
});

/** The body of a create, as the form, the BFF and the Platform API check it. */
export const shopPackageCreateSchema = shopPackageContract.schemas.create;
