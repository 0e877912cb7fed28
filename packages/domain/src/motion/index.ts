export * from './fix-filter.ts';
export * from './odometer.ts';
export * from './segmenter.ts';
export * from './trips.ts';
export * from './track-headings.ts';
