import { bikerRatingContract, ratingHideSchema, shopRatingContract, STAR_VALUES } from '@contract/resources/ratings';
import type { ColumnDef, FilterDef, ResourceModule } from './kit';
import { defineScreen, type ScreenDecl } from './screen';

/** The body of `POST …/{id}/hide`: a reason, as the dialog, the BFF and the Platform API check it. */
export const reviewHideSchema = ratingHideSchema;

const columns = (target: 'shop' | 'biker'): ColumnDef[] => [
  { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  { field: 'orderNo', label: 'fields.orderNo', kind: 'text', nowrap: true, link: true },
  { field: 'memberName', label: 'fields.memberName', kind: 'text' },
  { field: 'targetName', label: target === 'shop' ? 'fields.shopName' : 'fields.bikerName', kind: 'text' },
  { field: 'stars', label: 'fields.stars', kind: 'stars', sortable: true },
  { field: 'comment', label: 'fields.comment', kind: 'text' },
  { field: 'visibility', label: 'fields.visibility', kind: 'status', statusKind: 'reviewVisibility' },
];

const filters: FilterDef[] = [
  { field: 'stars', label: 'fields.stars', kind: 'select', options: STAR_VALUES.map((value) => ({ value, label: `${value} ★`, literal: true })) },
  { field: 'hidden', label: 'fields.hidden', kind: 'boolean' },
];

const ui = (target: 'shop' | 'biker'): Omit<ScreenDecl, 'key'> => ({
  namespace: 'review',
  columns: columns(target),
  filters,
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  sortFields: ['createdAt', 'stars'],
});

/** Reviews of shops (`Review`): a read-only list; each opens on its view page, where staff hide or show it. */
export const reviewResource = defineScreen(shopRatingContract, { ...ui('shop'), key: 'review' });

const shopRating = defineScreen(shopRatingContract, { ...ui('shop'), key: 'shopRating', path: 'ShopRating' });
/**
 * Marketplace's `ShopRating`: the same reviews of shops, on the contract's second path; a row opens on the shops'
 * review page (`Review/View/{id}`, the same row), which the registry has no `ShopRating` twin of.
 */
export const shopRatingResource: ResourceModule = { ...shopRating, routes: { ...shopRating.routes, view: '/Review/View' } };

/** Reviews of bikers (`Review/Biker`). */
export const reviewBikerResource: ResourceModule = { ...defineScreen(bikerRatingContract, { ...ui('biker'), key: 'reviewBiker' }), titleKey: 'titleBiker' };
