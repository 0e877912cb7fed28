export * from './subjects.ts';
export * from './permission-table.ts';
export * from './ability.ts';
export * from './sidebar.ts';
export * from './account-calls.ts';
export * from './route-access.ts';
