export * from './services';
export * from './permissions';
export * from './routes';
export * from './api-paths';
export * from './approval';
