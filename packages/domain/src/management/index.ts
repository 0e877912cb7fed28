export * from './permit-status.ts';
export * from './vehicle-facts.ts';
export * from './tracker-setup.ts';
