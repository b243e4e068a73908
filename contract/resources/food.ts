import { z } from 'zod';
import { CODES } from '../codes';
import { enumField, nameField, satangField, textField, versionField, sortOrderField } from '../fields';
import { imageListField } from '../images';
import { FOOD_AVAILABILITY, MAX_FOOD_CHOICES, MAX_IMAGES } from '../lifecycle/catalogue';
import { filter } from '../list';
import { defineResourceContract } from '../resource';
import { shopRefField } from './promotion';

/** An option (one picked: size, spice) or an add-on (any added: an egg) of a food: its name and what it adds (satang). */
const foodChoice = z.object({ name: nameField(50), price: satangField() });
const choiceList = () => z.array(foodChoice).max(MAX_FOOD_CHOICES, CODES.outOfRange).default([]);

/** The member app names an option or add-on by name, so a name appears once among a food's options and add-ons. */
const choicesOnce = (value: { options?: unknown; addOns?: unknown }, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  for (const list of ['options', 'addOns'] as const) {
    const rows = Array.isArray(value[list]) ? (value[list] as { name?: unknown }[]) : [];
    rows.forEach((row, i) => {
      const name = typeof row?.name === 'string' ? row.name.trim().toLowerCase() : '';
      if (!name) return;
      if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [list, i, 'name'], message: CODES.overlap });
      seen.add(name);
    });
  }
};

/**
 * Delivery food (Products / Food): a shop's menu. Each food belongs to a live shop of its area, at most the shop's
 * Limit_product of them (400 `{shopId: ['productLimit']}` with `data.params.shopId.limit`); a sold-out food stays
 * listed and cannot be ordered.
 */
export const foodContract = defineResourceContract({
  name: 'Food',
  noun: 'food',
  path: 'Food',
  scope: 'area',
  fields: {
    shopId: shopRefField(),
    name: nameField(100),
    description: textField(2000).default(''),
    /** Satang. */
    price: satangField(),
    images: imageListField(MAX_IMAGES),
    options: choiceList(),
    addOns: choiceList(),
    /** The menu section ('' for none). */
    category: textField(50).default(''),
    availability: enumField(FOOD_AVAILABILITY).default('in_stock'),
    /** Left out: after the area's last food. */
    sortOrder: sortOrderField().optional(),
  },
  refine: choicesOnce,
  itemFields: { shopName: z.string().nullish() },
  sort: ['sortOrder', 'name', 'price', 'createdAt'],
  defaultSort: 'sortOrder',
  search: ['name'],
  filters: {
    shopId: filter.ref(),
    availability: filter.oneOf(FOOD_AVAILABILITY),
    category: z.string().trim().min(1).max(50).optional(),
    areaId: filter.ref(),
  },
  sortOrder: 'sortOrder',
});

/** `PATCH …/Food/{id}/availability`: Mark sold out / Back in stock, with the version last read. */
export const foodAvailabilitySchema = z.object({ availability: enumField(FOOD_AVAILABILITY), version: versionField() });
export type FoodAvailabilityChange = z.infer<typeof foodAvailabilitySchema>;
