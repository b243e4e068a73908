/** Every flat resource of the wire contract. */
export { slideContract } from './slide';
