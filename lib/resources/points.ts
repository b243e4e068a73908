import { POINT_MOVEMENT_KINDS } from '@contract/lifecycle';
import { pointHistoryContract, referralContract, topupPointsContract, usedPointsContract } from '@contract/resources/points';
import { badgeOptions } from '@/lib/status';
import type { ColumnDef, FilterDef, ResourceModule } from './kit';
import { defineScreen } from './screen';

/**
 * The points screens: every movement (`RewardPointHistory`), the spends (`UsedPoints`), the points staff gave
 * (`TopupMemberPoints`) and the referrals (`RewardInvite`); read-only lists, each exported as it is filtered. Staff
 * with `create` give points from the history and the top-up list (`listAction: 'grantPoints'`).
 */
const movementColumns: ColumnDef[] = [
  { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  { field: 'memberName', label: 'fields.member', kind: 'text' },
  { field: 'memberPhone', label: 'fields.phone', kind: 'text', nowrap: true },
  { field: 'source', label: 'fields.source', kind: 'status', statusKind: 'pointSource' },
  { field: 'amount', label: 'fields.amount', kind: 'points' },
  { field: 'balanceAfter', label: 'fields.balanceAfter', kind: 'text' },
  { field: 'detail', label: 'fields.detail', kind: 'text' },
  { field: 'areaName', label: 'fields.area', kind: 'text' },
];
const area = { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true } as const satisfies FilterDef;
const days: FilterDef[] = [
  { field: 'from', label: 'fields.from', kind: 'date' },
  { field: 'to', label: 'fields.to', kind: 'date' },
];
const phone = { field: 'phone', label: 'fields.phone', kind: 'text' } as const satisfies FilterDef;

export const rewardPointHistoryResource: ResourceModule = {
  ...defineScreen(pointHistoryContract, {
    key: 'rewardPointHistory',
    namespace: 'points',
    exportable: true,
    columns: movementColumns,
    filters: [{ field: 'source', label: 'fields.source', kind: 'select', options: badgeOptions('pointSource', POINT_MOVEMENT_KINDS) }, area, ...days, phone],
  }),
  titleKey: 'titles.history',
  listAction: 'grantPoints',
};

export const usedPointsResource: ResourceModule = {
  ...defineScreen(usedPointsContract, { key: 'usedPoints', namespace: 'points', exportable: true, columns: movementColumns, filters: [area, ...days, phone] }),
  titleKey: 'titles.used',
};

export const topupMemberPointsResource: ResourceModule = {
  ...defineScreen(topupPointsContract, {
    key: 'topupMemberPoints',
    namespace: 'points',
    exportable: true,
    columns: movementColumns,
    filters: [area, ...days, phone],
  }),
  titleKey: 'titles.topup',
  listAction: 'grantPoints',
};

export const rewardInviteResource: ResourceModule = {
  ...defineScreen(referralContract, {
    key: 'rewardInvite',
    namespace: 'points',
    exportable: true,
    columns: [
      { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
      { field: 'inviterName', label: 'fields.inviter', kind: 'text' },
      { field: 'inviterPhone', label: 'fields.phone', kind: 'text', nowrap: true },
      { field: 'inviterPoints', label: 'fields.inviterPoints', kind: 'text' },
      { field: 'inviteeName', label: 'fields.invitee', kind: 'text' },
      { field: 'inviteePhone', label: 'fields.phone', kind: 'text', nowrap: true },
      { field: 'inviteePoints', label: 'fields.inviteePoints', kind: 'text' },
      { field: 'areaName', label: 'fields.area', kind: 'text' },
    ],
    filters: [area, ...days],
  }),
  titleKey: 'titles.invite',
};
