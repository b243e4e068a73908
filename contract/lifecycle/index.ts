export * from './orders';
export * from './shops';
