import { z } from 'zod';
import { nameField, refField, sortOrderField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/** An optional reference: an id (text or number), or none (`''` or `null`), kept as a number or null. */
export const optionalRefField = () =>
  z
    .union([z.literal(''), z.null(), refField()])
    .transform((v) => (v === '' || v === null ? null : Number(v)))
    .pipe(z.number().int().nullable())
    .default(null);

/**
 * Marketplace → Product/Category: an area's category tree. A root has no parent; a child's parent is a live category
 * of the same area, at most MAX_CATEGORY_DEPTH levels deep (`categoryTooDeep`), never below itself (`categoryCycle`).
 * Siblings are ordered by hand: `PUT …/Product/Category/Sort {ids}` numbers the ids given (one parent's children)
 * 1…n. A category with live children or products is not deleted (409 `IN_USE`).
 */
export const productCategoryContract = defineResourceContract({
  name: 'ProductCategory',
  noun: 'product category',
  path: 'Product/Category',
  scope: 'area',
  fields: {
    parentId: optionalRefField(),
    name: nameField(),
    /** Left out: after the area's last category (a create) or where it is (an update). */
    sortOrder: sortOrderField().optional(),
  },
  sort: ['sortOrder', 'name', 'createdAt'],
  defaultSort: 'sortOrder',
  search: ['name'],
  filters: { parentId: filter.ref(), areaId: filter.ref() },
  sortOrder: 'sortOrder',
});
