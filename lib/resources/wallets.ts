import { z } from 'zod';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@contract/lifecycle';
import { WALLET_MENUS, walletBalanceSchema, walletTransactionSchema, type WalletOwnerType } from '@contract/resources/wallets';
import { badgeOptions } from '@/lib/status';
import { defineResource, type ColumnDef, type FilterDef } from './kit';

/**
 * Wallet Monitoring (`/Wallet/{Menu}`: the ledger's transactions of one owner type, a Pending one confirmed from its
 * row) and Wallet Balance (`/Wallet/Balance/{Menu}`: the wallets and their balances), one module per menu. Rows are
 * read-only; each links to its page (`Wallet/{ref}`, `Wallet/Balance/{ref}`).
 */
const never = z.never();
const area = { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true } as const satisfies FilterDef;

function transactionsOf(owner: WalletOwnerType) {
  const menu = WALLET_MENUS[owner];
  const columns: ColumnDef[] = [
    { field: 'id', label: 'fields.ref', kind: 'text', link: true, nowrap: true },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
    ...(owner === 'admin' ? [] : [{ field: 'ownerName', label: 'fields.owner', kind: 'text' } satisfies ColumnDef]),
    { field: 'type', label: 'fields.type', kind: 'status', statusKind: 'transactionType' },
    { field: 'amount', label: 'fields.amount', kind: 'transaction', sortable: true },
    { field: 'status', label: 'fields.status', kind: 'status', statusKind: 'walletTransaction' },
    { field: 'orderNo', label: 'fields.order', kind: 'text', nowrap: true },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ];
  return defineResource({
    key: `wallet${menu}`,
    namespace: 'wallet',
    titleKey: `titles.${owner}`,
    api: `Wallet/${menu}`,
    schemas: { row: walletTransactionSchema, detail: walletTransactionSchema, create: never, update: never },
    columns,
    filters: [
      { field: 'type', label: 'fields.type', kind: 'select', options: badgeOptions('transactionType', TRANSACTION_TYPES) },
      {
        field: 'status',
        label: 'fields.status',
        kind: 'select',
        options: badgeOptions('walletTransaction', TRANSACTION_STATUSES),
      },
      { field: 'from', label: 'fields.from', kind: 'date' },
      { field: 'to', label: 'fields.to', kind: 'date' },
      ...(owner === 'admin' ? [] : [area]),
    ],
    sortFields: ['createdAt', 'amount'],
    defaultSort: { sort: 'createdAt', order: 'desc' },
    sections: [],
    routes: { list: `/Wallet/${menu}`, view: '/Wallet' },
    exportable: true,
    readOnly: true,
    searchable: false,
    defaults: {},
    rowActions: ['confirmPending'],
  });
}

function balancesOf(owner: WalletOwnerType) {
  const menu = WALLET_MENUS[owner];
  return defineResource({
    key: `walletBalance${menu}`,
    namespace: 'wallet',
    titleKey: `balanceTitles.${owner}`,
    api: `Wallet/Balance/${menu}`,
    schemas: { row: walletBalanceSchema, detail: walletBalanceSchema, create: never, update: never },
    columns: [
      {
        field: owner === 'admin' ? 'id' : 'ownerName',
        label: owner === 'admin' ? 'fields.wallet' : 'fields.owner',
        kind: 'text',
        link: true,
        sortable: owner !== 'admin',
      },
      { field: 'areaName', label: 'fields.area', kind: 'text' },
      { field: 'balance', label: 'fields.balance', kind: 'money', sortable: true },
      { field: 'pending', label: 'fields.pending', kind: 'money' },
      { field: 'transactions', label: 'fields.transactions', kind: 'text' },
      { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date', sortable: true },
    ],
    filters: owner === 'admin' ? [] : [area],
    sortFields: ['balance', 'ownerName', 'updatedAt'],
    defaultSort: { sort: 'balance', order: 'desc' },
    sections: [],
    routes: { list: `/Wallet/Balance/${menu}`, view: '/Wallet/Balance' },
    exportable: true,
    readOnly: true,
    searchable: owner !== 'admin',
    search: { label: 'search.label', placeholder: 'search.placeholder' },
    defaults: {},
  });
}

export const walletResources = {
  walletAdmin: transactionsOf('admin'),
  walletMember: transactionsOf('member'),
  walletShop: transactionsOf('shop'),
  walletBiker: transactionsOf('biker'),
  walletBalanceAdmin: balancesOf('admin'),
  walletBalanceMember: balancesOf('member'),
  walletBalanceShop: balancesOf('shop'),
  walletBalanceBiker: balancesOf('biker'),
} as const;
