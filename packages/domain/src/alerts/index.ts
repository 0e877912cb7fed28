export * from './alarms.ts';
export * from './event-types.ts';
export * from './rules/index.ts';
export * from './message-text.ts';
