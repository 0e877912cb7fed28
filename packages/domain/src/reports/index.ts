export * from './mileage.ts';
export * from './local-days.ts';
export * from './overspeed.ts';
