export * from './permit-status.ts';
export * from './vehicle-facts.ts';
export * from './tracker-setup.ts';
export * from './device-settings.ts';
export * from './maintenance.ts';
