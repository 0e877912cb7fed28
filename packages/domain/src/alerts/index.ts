export * from './alarms.ts';
export * from './rules/index.ts';
