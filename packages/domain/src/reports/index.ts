export * from './mileage.ts';
export * from './local-days.ts';
export * from './overspeed.ts';
export * from './under-way.ts';
export * from './cut.ts';
export * from './formula-safe.ts';
export * from './track-files.ts';
export * from './csv.ts';
