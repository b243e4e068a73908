/** Every flat resource of the wire contract. */
export { shopPackageContract } from './shop-package';
export { bikerPackageContract } from './biker-package';
export { shopTypeContract } from './shop-type';
export { slideContract } from './slide';
export { officeContract } from './office';
export { messengerFeeContract } from './messenger-fee';
export { shippingRateContract } from './shipping-rate';
export { bikerRatingContract, shopRatingContract } from './ratings';
export { promotionContract } from './promotion';
export { popularContract } from './popular';
export { bikerRegistrationContract } from './biker-registration';
export { voucherContract } from './voucher';
export { giftVoucherContract } from './gift-voucher';
export { giftRewardContract } from './gift-reward';
