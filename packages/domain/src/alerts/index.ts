export * from './alarms.ts';
