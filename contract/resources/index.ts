/** Every flat resource of the wire contract. */
export { shopPackageContract } from './shop-package';
export { slideContract } from './slide';
