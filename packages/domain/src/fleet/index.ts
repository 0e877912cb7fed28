export * from './fleet-list.ts';
