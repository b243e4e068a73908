import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyContract } from '@contract/resources/company';
import { giftVoucherRedemptionContract } from '@contract/resources/gift-common';
import { orderContract, orderDetailSchema } from '@contract/resources/orders';
import { walletBalanceContract, walletTransactionContract } from '@contract/resources/wallets';
import { companyResource } from './company';
import { giftVoucherRedemptionResource } from './gift-redemption';
import { ordersResource } from './orders';
import { ordersMessengerResource } from './orders-messenger';
import { walletResources } from './wallets';
import { shopConfigContract } from '@contract/resources/shop-config';
import { shopRegistrationContract } from '@contract/resources/shop-registration';
import { slideContract } from '@contract/resources/slide';
import { timeShopContract } from '@contract/resources/time-shop';
import { routesOfResource } from '@/lib/routes';
import { checkResourceBody } from './body-check';
import { configShopResource } from './config-shop';
import { resourcePageFor } from './index';
import { matchRoute } from '@/lib/routes';
import { regisShopResource } from './regis-shop';
import { defineScreen } from './screen';
import { slideResource } from './slide';
import { timeShopResource } from './time-shop';

describe('a screen declared on its contract', () => {
  it('takes its API path, schemas, sort and defaults from the contract', () => {
    expect(slideResource.api).toBe('Slide');
    expect(slideResource.schemas.create).toBe(slideContract.schemas.create);
    expect(slideResource.sortFields).toEqual(['sortOrder', 'title', 'startsOn', 'createdAt']);
    expect(slideResource.defaultSort).toEqual({ sort: 'sortOrder', order: 'asc' });
    expect(slideResource.defaults).toEqual({ linkUrl: '', sortOrder: 0, startsOn: '', endsOn: '', active: true });
    expect(slideResource.handOrder?.field).toBe('sortOrder');
  });

  it('takes its routes from the registry entries that name it', () => {
    expect(routesOfResource('slide')).toEqual({ list: '/Slide', view: '/Slide/View', add: undefined, restore: undefined });
    expect(slideResource.routes).toEqual(routesOfResource('slide'));
    expect(resourcePageFor(matchRoute('/Service/Delivery/Slide/View/4')!.route)).toEqual({ resource: 'slide', mode: 'view' });
    expect(() => routesOfResource('nothing')).toThrow(/no list route/);
  });

  it('takes a view page without `View` (the spec’s `Carrier/{id}`) as the rows’ page', () => {
    expect(routesOfResource('carrier')).toEqual({ list: '/Carrier', view: '/Carrier', add: undefined, restore: undefined });
    expect(resourcePageFor(matchRoute('/Service/Marketplace/Carrier/4')!.route)).toEqual({ resource: 'carrier', mode: 'view' });
    expect(resourcePageFor(matchRoute('/Service/Marketplace/Carrier')!.route)).toEqual({ resource: 'carrier', mode: 'list' });
    expect(routesOfResource('purchaseRequest').view).toBe('/Request/Buy/View');
  });

  it('makes the BFF check a write with the same schema the form and the Platform API run', () => {
    expect(checkResourceBody('POST', '/api/admin/Delivery/Slide', { title: '', imageUrl: 'x', active: true })).toEqual({
      title: ['required'],
      imageUrl: ['invalidUrl'],
    });
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Slide/3', { title: 'A', imageUrl: 'https://x.test/a.png', active: true })).toEqual({
      version: ['required'],
    });
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Slide/Sort', { ids: [] })).toEqual({ ids: ['required'] });
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Slide/Sort', { ids: ['2', '1'] })).toBeNull();
  });
});

describe('a screen declared on a hand-written contract', () => {
  const item = z.object({ id: z.string() });

  it('makes a contract without a create and an update a read-only list: no bulk delete, no hand ordering, no export', () => {
    const readOnly = defineScreen({ name: 'Registration', path: 'Regis/Shop', scope: 'area', schemas: { item } }, { key: 'regisShop', namespace: 'regisShop' });
    expect(readOnly).toMatchObject({ readOnly: true, bulkDelete: false, handOrder: undefined, exportable: false, columns: [], sections: [] });
    expect(readOnly.single).toBeUndefined();

    expect(regisShopResource).toMatchObject({ api: 'Regis/Shop', readOnly: true, bulkDelete: false, handOrder: undefined, exportable: false });
    expect(regisShopResource.schemas.row).toBe(shopRegistrationContract.schemas.item);
    expect(regisShopResource.sortFields).toEqual(['createdAt']);
    expect(regisShopResource.defaultSort).toEqual({ sort: 'createdAt', order: 'asc' });
    // The BFF checks no generic write on it; the rejection keeps its reason check.
    expect(checkResourceBody('POST', '/api/admin/Delivery/Regis/Shop', { anything: 1 })).toBeNull();
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Regis/Shop/3', { anything: 1 })).toBeNull();
    expect(checkResourceBody('POST', '/api/admin/Delivery/Regis/Shop/3/reject', { reason: ' ' })).toEqual({ reason: ['required'] });
  });

  it('makes a contract with an update alone one settings record, saved at its path', () => {
    const update = z.object({ x: z.string() });
    const settings = defineScreen(
      { name: 'Settings', path: 'Config/Shop', scope: 'area', schemas: { item, update } },
      { key: 'configShop', namespace: 'configShop' },
    );
    expect(settings).toMatchObject({ single: true, bulkDelete: false, exportable: false, sortFields: [], defaultSort: { sort: 'updatedAt', order: 'desc' } });
    expect(settings.readOnly).toBeUndefined();
    expect(settings.schemas.create).toBe(update);

    expect(configShopResource).toMatchObject({ api: 'Config/Shop', single: true, routes: { list: '/Config/Shop' } });
    expect(configShopResource.schemas.update).toBe(shopConfigContract.schemas.update);
    expect(configShopResource.schemas.detail).toBe(shopConfigContract.schemas.item);
    // The BFF checks `PUT {path}` with the contract's update, and nothing below the path.
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Config/Shop', { defaultOpenTime: '18:00', defaultCloseTime: '9:00' })).toMatchObject({
      version: ['required'],
      defaultCloseTime: ['invalidTime'],
    });
    expect(checkResourceBody('POST', '/api/admin/Delivery/Config/Shop', {})).toBeNull();
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Config/Shop/1', {})).toBeNull();
  });

  it('gives the opening hours the week form, the contract schemas and sort, and no bulk delete or export', () => {
    expect(timeShopResource).toMatchObject({ api: 'TimeShop', form: 'week', labelField: 'shopName', bulkDelete: false, exportable: false, searchable: true });
    expect(timeShopResource.readOnly).toBeUndefined();
    expect(timeShopResource.single).toBeUndefined();
    expect(timeShopResource.schemas.create).toBe(timeShopContract.schemas.create);
    expect(timeShopResource.schemas.update).toBe(timeShopContract.schemas.update);
    expect(timeShopResource.sortFields).toEqual(['shopName', 'updatedAt']);
    expect(timeShopResource.defaultSort).toEqual({ sort: 'updatedAt', order: 'desc' });
    expect(timeShopResource.routes).toEqual({ list: '/TimeShop', add: '/TimeShop/Add', view: '/TimeShop/View', restore: undefined });
    expect(checkResourceBody('PUT', '/api/admin/Delivery/TimeShop/2', { hours: [] })).toEqual({ version: ['required'] });
    // No hand ordering: `Sort` is no row and gets no ordering check.
    expect(checkResourceBody('PUT', '/api/admin/Delivery/TimeShop/Sort', { ids: [] })).toBeNull();
  });

  it('takes an approval or settings page from the registry as the page the resource is found at', () => {
    expect(routesOfResource('regisShop')).toEqual({ list: '/Regis/Shop', add: undefined, view: undefined, restore: undefined });
    expect(routesOfResource('configShop')).toEqual({ list: '/Config/Shop', add: undefined, view: undefined, restore: undefined });
    expect(regisShopResource.routes).toEqual(routesOfResource('regisShop'));
    expect(resourcePageFor(matchRoute('/Service/Delivery/Regis/Shop')!.route)).toEqual({ resource: 'regisShop', mode: 'approval' });
    expect(resourcePageFor(matchRoute('/Service/Marketplace/Config/Shop')!.route)).toEqual({ resource: 'configShop', mode: 'config' });
  });

  it('refuses a filter, a sort field or a create the contract does not have', () => {
    expect(() =>
      defineScreen(timeShopContract, { key: 'timeShop', namespace: 'timeShop', filters: [{ field: 'areaId', label: 'a', kind: 'select' }] }),
    ).toThrow(/areaId is not a filter/);
    expect(() => defineScreen(timeShopContract, { key: 'timeShop', namespace: 'timeShop', filters: [{ field: 'page', label: 'a', kind: 'text' }] })).toThrow(
      /page is not a filter/,
    );
    expect(() => defineScreen(shopRegistrationContract, { key: 'regisShop', namespace: 'regisShop', sortFields: ['email'] })).toThrow(
      /email is not a sort field/,
    );
    expect(() => defineScreen({ name: 'X', path: 'Regis/Shop', scope: 'area', schemas: { item, create: item } }, { key: 'regisShop', namespace: 'x' })).toThrow(
      /needs an update/,
    );
  });
});

describe('what a screen declaration can say besides', () => {
  const item = z.object({ id: z.string() });

  it('lists one part of a contract’s rows at the part’s path, and refuses a path the contract does not have', () => {
    expect(ordersResource).toMatchObject({ api: 'Orders', titleKey: 'titleFood', readOnly: true, exportable: true, searchable: true });
    expect(ordersMessengerResource).toMatchObject({ api: 'OrdersMessenger', titleKey: 'titleParcel', readOnly: true, exportable: true });
    expect(ordersMessengerResource.sortFields).toEqual(['createdAt', 'total']);
    expect(ordersMessengerResource.defaultSort).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(walletResources.walletShop.api).toBe('Wallet/Shop');
    expect(walletResources.walletBalanceBiker.api).toBe('Wallet/Balance/Biker');
    expect([walletTransactionContract.path, ...walletTransactionContract.parts]).toEqual(['Wallet/Admin', 'Wallet/Member', 'Wallet/Shop', 'Wallet/Biker']);
    expect(() => defineScreen(orderContract, { key: 'orders', namespace: 'orders', path: 'Orders/Other' })).toThrow(/Orders\/Other is not a path/);
    expect(() => defineScreen(walletBalanceContract, { key: 'walletBalanceAdmin', namespace: 'wallet', path: 'Wallet/Shop' })).toThrow(/not a path/);
  });

  it('reads a row on its own with the contract’s detail when it has one, else with the row', () => {
    expect(ordersResource.schemas.row).toBe(orderContract.schemas.item);
    expect(ordersResource.schemas.detail).toBe(orderDetailSchema);
    expect(walletResources.walletAdmin.schemas.detail).toBe(walletTransactionContract.schemas.item);
  });

  it('takes the filters of a hand-written query, the day range among them', () => {
    expect(ordersResource.filters.map((f) => f.field)).toEqual(['status', 'paymentMethod', 'from', 'to', 'shopId', 'bikerId', 'member', 'areaId']);
    expect(() => defineScreen(orderContract, { key: 'orders', namespace: 'orders', filters: [{ field: 'kind', label: 'fields.kind', kind: 'text' }] })).toThrow(
      /kind is not a filter/,
    );
    expect(() =>
      defineScreen(walletTransactionContract, { key: 'walletAdmin', namespace: 'wallet', filters: [{ field: 'q', label: 'x', kind: 'text' }] }),
    ).toThrow(/q is not a filter/);
  });

  it('links a read-only list’s rows to the dedicated screen the registry names it on, one of several lists or one of one', () => {
    expect(routesOfResource('orders')).toEqual({ list: '/Orders', view: '/Orders/View', add: undefined, restore: undefined });
    expect(ordersMessengerResource.routes).toMatchObject({ list: '/OrdersMessenger', view: '/OrdersMessenger/View' });
    for (const menu of ['Admin', 'Member', 'Shop', 'Biker'] as const) {
      expect(walletResources[`wallet${menu}`].routes).toMatchObject({ list: `/Wallet/${menu}`, view: '/Wallet' });
      expect(walletResources[`walletBalance${menu}`].routes).toMatchObject({ list: `/Wallet/Balance/${menu}`, view: '/Wallet/Balance' });
    }
    // The list page a dedicated screen draws is no page of a row.
    expect(resourcePageFor(matchRoute('/Service/Delivery/Orders')!.route)).toBeNull();
  });

  it('puts a screen the registry does not name on the page of the screen it is part of', () => {
    expect(companyResource).toMatchObject({ api: 'Information/Company', scope: 'company', single: true, routes: { list: '/Information' } });
    expect(companyResource.schemas.update).toBe(companyContract.schemas.update);
    expect(giftVoucherRedemptionResource).toMatchObject({ api: 'GiftVoucher/Redemptions', readOnly: true, routes: { list: '/GiftVoucher' } });
    expect(giftVoucherRedemptionResource.routes.view).toBeUndefined();
    expect(giftVoucherRedemptionResource.sortFields).toEqual([...giftVoucherRedemptionContract.sort]);
    const tab = defineScreen({ name: 'X', path: 'X', scope: 'area', schemas: { item } }, { key: 'nowhere', namespace: 'x', partOf: 'slide' });
    expect(tab.routes).toEqual({ list: '/Slide', restore: undefined });
    expect(() => defineScreen({ name: 'X', path: 'X', scope: 'area', schemas: { item } }, { key: 'nowhere', namespace: 'x' })).toThrow(/no list route/);
  });

  it('names its title, and hides the search box of one list though the contract searches', () => {
    expect(walletResources.walletBalanceAdmin).toMatchObject({ titleKey: 'balanceTitles.admin', searchable: false });
    expect(walletResources.walletBalanceAdmin.search).toBeUndefined();
    expect(walletResources.walletBalanceMember).toMatchObject({ searchable: true, search: { label: 'search.label', placeholder: 'search.placeholder' } });
    // Nothing of a transaction is searched.
    expect(walletResources.walletMember.searchable).toBe(false);
    const plain = defineScreen(walletBalanceContract, { key: 'walletBalanceShop', namespace: 'wallet', path: 'Wallet/Balance/Shop' });
    expect(plain.titleKey).toBeUndefined();
  });
});
