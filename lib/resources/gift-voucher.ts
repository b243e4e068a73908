import { giftVoucherContract } from '@contract/resources/gift-voucher';
import { giftColumns, giftFilters, giftSection } from './gift-screen';
import { defineScreen } from './screen';

/** Point Systems → Gift Voucher: the vouchers members redeem points for, and their redemptions (`?tab=redemptions`). */
export const giftVoucherResource = defineScreen(giftVoucherContract, {
  key: 'giftVoucher',
  namespace: 'giftVoucher',
  labelField: 'title',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: giftColumns(true),
  filters: giftFilters,
  sections: [giftSection(true)],
  defaults: { active: true },
  tabs: [{ key: 'redemptions', resource: 'giftVoucherRedemption' }],
});
