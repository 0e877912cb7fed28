export * from './mileage.ts';
export * from './local-days.ts';
