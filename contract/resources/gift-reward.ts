import { defineResourceContract, endNotBeforeStart } from '../resource';
import { GIFT_SORT, giftFields, giftFilters } from './gift-common';

/**
 * Point Systems → Gift Reward: a thing members redeem points for. Rows of the `gifts` table of kind `reward`; their
 * redemptions are listed and settled at `GiftReward/Redemptions`.
 */
export const giftRewardContract = defineResourceContract({
  name: 'GiftReward',
  noun: 'gift reward',
  path: 'GiftReward',
  scope: 'area',
  fields: giftFields,
  refine: endNotBeforeStart('startsOn', 'endsOn'),
  sort: GIFT_SORT,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  search: ['title'],
  filters: giftFilters,
});
