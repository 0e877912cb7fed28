export * from './fix-filter.ts';
export * from './odometer.ts';
