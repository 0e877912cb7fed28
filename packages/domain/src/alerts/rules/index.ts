export * from './types.ts';
export * from './conditions.ts';
export * from './evaluate.ts';
export * from './local-clock.ts';
