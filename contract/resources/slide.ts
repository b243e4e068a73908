import { imageRefField } from '../images';
import { z } from 'zod';
import { boolField, dateField, nameField, urlField, sortOrderField } from '../fields';
import { filter } from '../list';
import { defineResourceContract, endNotBeforeStart } from '../resource';

/** App slides (Application Setting → Slide): the banners the member app shows in order, within their period. */
export const slideContract = defineResourceContract({
  name: 'Slide',
  noun: 'slide',
  path: 'Slide',
  scope: 'area',
  fields: {
    title: nameField(100),
    imageUrl: imageRefField(),
    linkUrl: z.union([urlField(), z.literal('')]).default(''),
    sortOrder: sortOrderField().default(0),
    active: boolField(),
    startsOn: z.union([dateField(), z.literal('')]).default(''),
    endsOn: z.union([dateField(), z.literal('')]).default(''),
  },
  refine: endNotBeforeStart('startsOn', 'endsOn'),
  sort: ['sortOrder', 'title', 'startsOn', 'createdAt'],
  defaultSort: 'sortOrder',
  search: ['title'],
  filters: { active: filter.bool(), areaId: filter.ref() },
  sortOrder: 'sortOrder',
});
