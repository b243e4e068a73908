/** Every flat resource of the wire contract. */
export { shopPackageContract } from './shop-package';
export { shopTypeContract } from './shop-type';
export { slideContract } from './slide';
export { officeContract } from './office';
export { messengerFeeContract } from './messenger-fee';
export { shippingRateContract } from './shipping-rate';
