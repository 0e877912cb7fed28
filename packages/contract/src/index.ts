export * from './errors.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './fleet.ts';
export * from './live.ts';
export * from './routes.ts';
export * from './openapi.ts';
export * from './records.ts';
