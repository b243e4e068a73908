import { VOUCHER_AMOUNT_KINDS, VOUCHER_DISCOUNT_TYPES, VOUCHER_LIMIT_TYPES, VOUCHER_SOURCES } from '@contract/lifecycle';
import { voucherContract } from '@contract/resources/voucher';
import { badgeOptions } from '@/lib/status';
import { defineScreen } from './screen';
import { YES_NO } from './options';

const wordsOf = (group: string, values: readonly string[]) => values.map((value) => ({ value, label: `voucher.${group}.${value}` }));
/** A limit by order counts items (`order_amount`) or is money (`order_price`, `order_limit`). */
const LIMIT_KINDS = { order_amount: 'number', order_price: 'money', order_limit: 'money' } as const;

/** Privileges → Voucher (Coupon): the codes members type at checkout, their rules, and on the view page their uses. */
export const voucherResource = defineScreen(voucherContract, {
  key: 'voucher',
  namespace: 'voucher',
  labelField: 'code',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'code', label: 'fields.code', kind: 'text', sortable: true, link: true, nowrap: true },
    { field: 'title', label: 'fields.title', kind: 'text', sortable: true },
    { field: 'amount', label: 'fields.amount', kind: 'money', kindBy: { field: 'amountKind', kinds: { fixed: 'money', percent: 'percent' } } },
    { field: 'expireDate', label: 'fields.expireDate', kind: 'text', sortable: true, nowrap: true },
    { field: 'usedCount', label: 'fields.uses', kind: 'text', sortable: true, of: 'limitMax' },
    { field: 'source', label: 'fields.source', kind: 'status', statusKind: 'voucherSource' },
    { field: 'shopName', label: 'fields.shop', kind: 'text' },
    { field: 'active', label: 'fields.active', kind: 'bool' },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ],
  filters: [
    { field: 'active', label: 'fields.active', kind: 'select', options: YES_NO },
    { field: 'source', label: 'fields.source', kind: 'select', options: badgeOptions('voucherSource', VOUCHER_SOURCES) },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'code', label: 'fields.code', kind: 'text', required: true },
        { name: 'title', label: 'fields.title', kind: 'text', required: true },
        { name: 'expireDate', label: 'fields.expireDate', kind: 'date', required: true },
        { name: 'active', label: 'fields.active', kind: 'checkbox' },
      ],
    },
    {
      title: 'sections.discount',
      fields: [
        { name: 'amountKind', label: 'fields.amountKind', kind: 'select', options: wordsOf('amountKinds', VOUCHER_AMOUNT_KINDS), required: true },
        { name: 'amount', label: 'fields.amount', kind: 'money', kindBy: { field: 'amountKind', kinds: { percent: 'percent' } }, required: true },
        { name: 'maxDiscount', label: 'fields.maxDiscount', kind: 'money', visibleWhen: { field: 'amountKind', equals: 'percent' } },
        { name: 'typeOfDiscount', label: 'fields.typeOfDiscount', kind: 'select', options: wordsOf('discountTypes', VOUCHER_DISCOUNT_TYPES), required: true },
        { name: 'source', label: 'fields.source', kind: 'select', options: badgeOptions('voucherSource', VOUCHER_SOURCES), required: true },
        { name: 'shopId', label: 'fields.onlyShop', kind: 'select', optionsFrom: 'shops' },
      ],
    },
    {
      title: 'sections.limits',
      fields: [
        { name: 'limitMax', label: 'fields.limitMax', kind: 'number', required: true },
        { name: 'perUser', label: 'fields.perUser', kind: 'number', required: true },
        { name: 'typeLimitAmountByOrder', label: 'fields.typeLimitAmountByOrder', kind: 'select', options: wordsOf('limitTypes', VOUCHER_LIMIT_TYPES) },
        { name: 'limitAmountByOrder', label: 'fields.limitAmountByOrder', kind: 'money', kindBy: { field: 'typeLimitAmountByOrder', kinds: LIMIT_KINDS } },
      ],
    },
  ],
  viewPanels: ['voucherUses'],
  defaults: { active: true, limitMax: 100, perUser: 1 },
});
