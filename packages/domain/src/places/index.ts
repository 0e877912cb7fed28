export * from './place-index.ts';
export * from './place-rows.ts';
export * from './regions.ts';
export * from './describe-place.ts';
export * from './search-places.ts';
