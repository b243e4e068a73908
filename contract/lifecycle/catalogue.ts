/**
 * The catalogue: what shops sell. Delivery shops list food (a menu), Marketplace shops list products with variants;
 * members ask for products nobody lists (purchase requests). docs/catalogue.md says how each is used.
 */

/** A food's availability on the menu: a sold-out food stays listed and cannot be ordered. */
export const FOOD_AVAILABILITY = ['in_stock', 'sold_out'] as const;
export type FoodAvailability = (typeof FOOD_AVAILABILITY)[number];

/** A product shows in the member app while `active`; `hidden` keeps it for the shop only. */
export const PRODUCT_STATUSES = ['active', 'hidden'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * A member's purchase request (Request/Buy): `open` until staff quote a price (`quoted`) or close it (`closed`, with
 * the answer saying why). A quoted request can still be closed; a closed one is final.
 */
export const PURCHASE_REQUEST_STATES = ['open', 'quoted', 'closed'] as const;
export type PurchaseRequestState = (typeof PURCHASE_REQUEST_STATES)[number];

/** How many images a food, a product or a request carries at most. */
export const MAX_IMAGES = 8;
/** How many variants a product has at most, and option or add-on rows a food has at most. */
export const MAX_VARIANTS = 50;
export const MAX_FOOD_CHOICES = 30;
/** How deep the product category tree goes (a root is level 1). */
export const MAX_CATEGORY_DEPTH = 3;
