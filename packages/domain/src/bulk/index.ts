export * from './bulk-rows.ts';
export * from './cell-text.ts';
