import { giftRewardContract } from '@contract/resources/gift-reward';
import { giftColumns, giftFilters, giftSection } from './gift-screen';
import { defineScreen } from './screen';

/** Point Systems → Gift Reward: the rewards members redeem points for, and their redemptions (`?tab=redemptions`). */
export const giftRewardResource = defineScreen(giftRewardContract, {
  key: 'giftReward',
  namespace: 'giftReward',
  labelField: 'title',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: giftColumns(false),
  filters: giftFilters,
  sections: [giftSection(false)],
  defaults: { active: true },
  tabs: [{ key: 'redemptions', resource: 'giftRewardRedemption' }],
});
