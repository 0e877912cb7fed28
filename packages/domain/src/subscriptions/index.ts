export * from './calendar.ts';
export * from './vehicle-package.ts';
