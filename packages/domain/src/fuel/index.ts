export * from './tank.ts';
export * from './level-tracker.ts';
export * from './vehicle-fuel.ts';
export * from './fuel-report.ts';
