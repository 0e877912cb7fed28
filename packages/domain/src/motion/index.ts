export * from './fix-filter.ts';
export * from './odometer.ts';
export * from './segmenter.ts';
