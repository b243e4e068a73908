import { intField } from '../fields';
import { defineResourceContract, endNotBeforeStart } from '../resource';
import { GIFT_SORT, giftFields, giftFilters } from './gift-common';

/**
 * Point Systems → Gift Voucher: what members redeem points for that takes `value` (satang) off an order. Rows of
 * the `gifts` table of kind `voucher`; their redemptions are listed and settled at `GiftVoucher/Redemptions`.
 */
export const giftVoucherContract = defineResourceContract({
  name: 'GiftVoucher',
  noun: 'gift voucher',
  path: 'GiftVoucher',
  scope: 'area',
  fields: { ...giftFields, value: intField(1, 100_000_000) },
  refine: endNotBeforeStart('startsOn', 'endsOn'),
  sort: [...GIFT_SORT, 'value'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  search: ['title'],
  filters: giftFilters,
});
