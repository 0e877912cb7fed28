export * from './roles-assign.ts';
export * from './stages.ts';
export * from './contact.ts';
export * from './password-policy.ts';
