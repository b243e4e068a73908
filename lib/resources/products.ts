import { PRODUCT_STATUSES } from '@contract/lifecycle';
import { productContract } from '@contract/resources/products';
import { badgeOptions } from '@/lib/status';
import { defineScreen } from './screen';

const STATUS_OPTIONS = badgeOptions('product', PRODUCT_STATUSES);

/**
 * Marketplace → Products: a shop's products with their variants (SKU, price, stock, weight) and images; the list shows
 * each product's stock together and its price range, newest first.
 */
export const productsResource = defineScreen(productContract, {
  key: 'products',
  namespace: 'products',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'images', label: 'fields.image', kind: 'thumb' },
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'shopName', label: 'fields.shop', kind: 'text' },
    { field: 'productTypeName', label: 'fields.productType', kind: 'text' },
    { field: 'categoryName', label: 'fields.category', kind: 'text' },
    { field: 'totalStock', label: 'fields.totalStock', kind: 'text' },
    { field: 'minPrice', label: 'fields.price', kind: 'money', to: 'maxPrice' },
    { field: 'status', label: 'fields.status', kind: 'status', statusKind: 'product' },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ],
  filters: [
    { field: 'shopId', label: 'fields.shop', kind: 'select', optionsFrom: 'shops' },
    { field: 'productTypeId', label: 'fields.productType', kind: 'select', optionsFrom: 'productTypes' },
    { field: 'categoryId', label: 'fields.category', kind: 'select', optionsFrom: 'productCategories' },
    { field: 'status', label: 'fields.status', kind: 'select', options: STATUS_OPTIONS },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'shopId', label: 'fields.shop', kind: 'select', optionsFrom: 'shops', required: true },
        { name: 'name', label: 'fields.name', kind: 'text', required: true },
        { name: 'description', label: 'fields.description', kind: 'textarea' },
        { name: 'productTypeId', label: 'fields.productType', kind: 'select', optionsFrom: 'productTypes' },
        { name: 'categoryId', label: 'fields.category', kind: 'select', optionsFrom: 'productCategories' },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: STATUS_OPTIONS },
        { name: 'images', label: 'fields.images', kind: 'images' },
      ],
    },
    {
      title: 'sections.variants',
      fields: [
        {
          name: 'variants',
          label: 'fields.variants',
          kind: 'rows',
          required: true,
          rows: {
            add: 'addVariant',
            fields: [
              { name: 'sku', label: 'fields.sku', kind: 'text', required: true },
              { name: 'name', label: 'fields.variantName', kind: 'text', required: true },
              { name: 'price', label: 'fields.variantPrice', kind: 'money', required: true },
              { name: 'stock', label: 'fields.stock', kind: 'number', required: true },
              { name: 'weightGram', label: 'fields.weightGram', kind: 'number', required: true },
            ],
          },
        },
      ],
    },
  ],
  defaults: { name: '', status: 'active', images: [], variants: [{ sku: '', name: '', price: 0, stock: 0, weightGram: 0 }] },
});
