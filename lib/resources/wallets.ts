import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@contract/lifecycle';
import { WALLET_MENUS, walletBalanceContract, walletTransactionContract, type WalletOwnerType } from '@contract/resources/wallets';
import { badgeOptions } from '@/lib/status';
import type { ColumnDef, FilterDef } from './kit';
import { defineScreen } from './screen';

/**
 * Wallet Monitoring (`/Wallet/{Menu}`: the ledger's transactions of one owner type, a Pending one confirmed from its
 * row) and Wallet Balance (`/Wallet/Balance/{Menu}`: the wallets and their balances), one module per menu. Rows are
 * read-only; each links to its page (`Wallet/{ref}`, `Wallet/Balance/{ref}`), the registry's `screen('walletTransaction',
 * …)` and `screen('walletBalance', …)`.
 */
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
    // The reason an operator gave (a reject, a deposit, bonus or correction), or the request's own note.
    { field: 'note', label: 'fields.note', kind: 'text' },
  ];
  return defineScreen(walletTransactionContract, {
    key: `wallet${menu}`,
    namespace: 'wallet',
    titleKey: `titles.${owner}`,
    path: `Wallet/${menu}`,
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
    exportable: true,
    rowActions: ['confirmPending'],
  });
}

function balancesOf(owner: WalletOwnerType) {
  const menu = WALLET_MENUS[owner];
  return defineScreen(walletBalanceContract, {
    key: `walletBalance${menu}`,
    namespace: 'wallet',
    titleKey: `balanceTitles.${owner}`,
    path: `Wallet/Balance/${menu}`,
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
    exportable: true,
    // The admin has one wallet: no owner to look for.
    search: owner === 'admin' ? false : { label: 'search.label', placeholder: 'search.placeholder' },
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
