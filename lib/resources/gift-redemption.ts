import { REDEMPTION_STATES } from '@contract/lifecycle';
import { giftRewardRedemptionContract, giftVoucherRedemptionContract } from '@contract/resources/gift-common';
import { badgeOptions } from '@/lib/status';
import type { ResourceModule } from './kit';
import { defineScreen } from './screen';

/**
 * The redemptions of Gift Voucher and Gift Reward, each a tab of its screen (`?tab=redemptions`): read-only rows with
 * Mark delivered and Cancel (the points and the stock go back) on a redeemed one, after a confirmation. Both share the
 * `giftRedemption` words.
 */
function redemptionsOf(key: string, gifts: string, contract: typeof giftVoucherRedemptionContract | typeof giftRewardRedemptionContract): ResourceModule {
  return defineScreen(contract, {
    key,
    namespace: 'giftRedemption',
    partOf: gifts,
    columns: [
      { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
      { field: 'giftTitle', label: 'fields.gift', kind: 'text' },
      { field: 'memberName', label: 'fields.member', kind: 'text' },
      { field: 'memberPhone', label: 'fields.phone', kind: 'text', nowrap: true },
      { field: 'points', label: 'fields.points', kind: 'text', sortable: true },
      { field: 'state', label: 'fields.state', kind: 'status', statusKind: 'redemption' },
      { field: 'areaName', label: 'fields.area', kind: 'text' },
    ],
    filters: [
      { field: 'state', label: 'fields.state', kind: 'select', options: badgeOptions('redemption', REDEMPTION_STATES) },
      { field: 'from', label: 'fields.from', kind: 'date' },
      { field: 'to', label: 'fields.to', kind: 'date' },
      { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
    ],
    search: { label: 'search.label', placeholder: 'search.placeholder' },
    rowActions: [
      {
        key: 'deliver',
        method: 'PATCH',
        path: '{id}',
        when: { field: 'state', equals: 'redeemed' },
        body: { state: 'delivered', version: { field: 'version' } },
      },
      {
        key: 'cancel',
        method: 'PATCH',
        path: '{id}',
        when: { field: 'state', equals: 'redeemed' },
        tone: 'danger',
        body: { state: 'cancelled', version: { field: 'version' } },
      },
    ],
  });
}

export const giftVoucherRedemptionResource = redemptionsOf('giftVoucherRedemption', 'giftVoucher', giftVoucherRedemptionContract);
export const giftRewardRedemptionResource = redemptionsOf('giftRewardRedemption', 'giftReward', giftRewardRedemptionContract);
