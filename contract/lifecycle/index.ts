export * from './orders';
export * from './shops';
export * from './privileges';
export * from './catalogue';
