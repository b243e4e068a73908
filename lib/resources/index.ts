import type { ResourceMode, RouteDef } from '@/lib/routes';
import { configShopResource } from './config-shop';
import { supportFromPortalResource, supportFromShopResource } from './support';
import { configBikerResource } from './config-biker';
import { configAppResource } from './config-app';
import { settingSystemResource } from './setting-system';
import { rewardInviteResource, rewardPointHistoryResource, topupMemberPointsResource, usedPointsResource } from './points';
import { bikerPackageResource } from './biker-package';
import { bikerAccountResource } from './biker-accounts';
import { memberResource } from './members';
import type { ResourceModule } from './kit';
import { companyResource } from './company';
import { currencyResource } from './currency';
import { walletResources } from './wallets';
import { messengerFeeResource } from './messenger-fee';
import { officeResource } from './office';
import { ordersResource } from './orders';
import { ordersMessengerResource } from './orders-messenger';
import { regisShopResource } from './regis-shop';
import { regisBikerResource } from './regis-biker';
import { reviewBikerResource, reviewResource, shopRatingResource } from './review';
import { shippingRateResource } from './shipping-rate';
import { shopResource } from './shop';
import { shopPackageResource } from './shop-package';
import { slideResource } from './slide';
import { voucherResource } from './voucher';
import { giftRewardResource } from './gift-reward';
import { giftRewardRedemptionResource, giftVoucherRedemptionResource } from './gift-redemption';
import { giftVoucherResource } from './gift-voucher';
import { promotionResource } from './promotion';
import { popularResource } from './popular';
import { foodResource } from './food';
import { timeShopResource } from './time-shop';
import { adminUserResource, staffResource } from './users';
import { deviceSessionResource } from './device-sessions';
import { auditLogResource } from './audit-log';
import { applicationResource } from './applications';
import { shopTypeResource, typeShopResource } from './type-shop';
import { carrierResource } from './carrier';
import { marketplacePackageResource } from './marketplace-package';
import { purchaseRequestResource } from './purchase-request';
import { productTypeResource } from './product-type';
import { productsResource } from './products';
import { serviceAreaResource } from './service-area';
import { broadcastResource, publicRelationsResource, shopPublicRelationsResource, userPublicRelationsResource } from './announcements';
import { feedResource } from './feed';

export type { ResourceModule } from './kit';

/** Every resource module by key (client and server). */
export const RESOURCES = {
  shopPackage: shopPackageResource,
  typeShop: typeShopResource,
  shopType: shopTypeResource,
  shop: shopResource,
  timeShop: timeShopResource,
  regisShop: regisShopResource,
  regisBiker: regisBikerResource,
  review: reviewResource,
  reviewBiker: reviewBikerResource,
  shopRating: shopRatingResource,
  configShop: configShopResource,
  configBiker: configBikerResource,
  configApp: configAppResource,
  settingSystem: settingSystemResource,
  rewardPointHistory: rewardPointHistoryResource,
  usedPoints: usedPointsResource,
  topupMemberPoints: topupMemberPointsResource,
  rewardInvite: rewardInviteResource,
  bikerPackage: bikerPackageResource,
  member: memberResource,
  bikerAccount: bikerAccountResource,
  orders: ordersResource,
  ordersMessenger: ordersMessengerResource,
  slide: slideResource,
  voucher: voucherResource,
  giftVoucher: giftVoucherResource,
  giftReward: giftRewardResource,
  giftVoucherRedemption: giftVoucherRedemptionResource,
  giftRewardRedemption: giftRewardRedemptionResource,
  promotion: promotionResource,
  popular: popularResource,
  food: foodResource,
  office: officeResource,
  shippingRate: shippingRateResource,
  messengerFee: messengerFeeResource,
  currency: currencyResource,
  company: companyResource,
  staff: staffResource,
  adminUser: adminUserResource,
  deviceSession: deviceSessionResource,
  auditLog: auditLogResource,
  application: applicationResource,
  carrier: carrierResource,
  marketplacePackage: marketplacePackageResource,
  purchaseRequest: purchaseRequestResource,
  productType: productTypeResource,
  products: productsResource,
  serviceArea: serviceAreaResource,
  supportFromPortal: supportFromPortalResource,
  supportFromShop: supportFromShopResource,
  publicRelations: publicRelationsResource,
  shopPublicRelations: shopPublicRelationsResource,
  userPublicRelations: userPublicRelationsResource,
  broadcast: broadcastResource,
  feed: feedResource,
  ...walletResources,
} as const satisfies Record<string, ResourceModule>;
export type ResourceKey = keyof typeof RESOURCES;

export const resourceByKey = (key: string): ResourceModule | null => (Object.hasOwn(RESOURCES, key) ? RESOURCES[key as ResourceKey] : null);

export type { ResourceMode } from '@/lib/routes';

export interface ResourcePage {
  resource: ResourceKey;
  mode: ResourceMode;
}

/** The resource page a registry route renders (its `view` names it), or null when it renders none. */
export function resourcePageFor(route: Pick<RouteDef, 'view'>): ResourcePage | null {
  const view = route.view;
  return view && 'resource' in view ? view : null;
}
