export * from './permit-status.ts';
